// Bundles the server into one ESM file (dist/main.js). Our own code and @driftbox/contract (raw .ts)
// are bundled; every runtime dependency stays external so native modules (better-sqlite3) and pg load
// from node_modules as published.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const bundled = new Set(['@driftbox/contract']);
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !bundled.has(name));

await build({
  absWorkingDir: here,
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled CommonJS code (if any) may call require(); ESM has none, so define it.
  banner: {
    js: "import { createRequire as __driftboxCreateRequire } from 'node:module';\nconst require = __driftboxCreateRequire(import.meta.url);",
  },
});
console.log(`built dist/main.js (external: ${external.join(', ')})`);
