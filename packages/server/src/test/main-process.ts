/** Runs `src/main.ts` in a real node process for the tests of the server as it is started. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildSync } from 'esbuild';

const MAIN = path.resolve(import.meta.dirname, '../main.ts');
const SERVER_DIR = path.resolve(import.meta.dirname, '../..');
/** Bundles older than this are another run's leftovers (a worker that ended without its exit handler). */
const STALE_MS = 30 * 60_000;
let bundled: string | null = null;

/**
 * `src/main.ts` bundled with esbuild as `npm run build` does, once per test file, under node_modules so its
 * external packages resolve. A bundle starts in about a second; the tsx loader took 20 s on the loaded machine.
 */
export function bundledMainSync(): string {
  if (bundled) return bundled;
  const outDir = path.join(SERVER_DIR, 'node_modules', '.driftbox-test');
  mkdirSync(outDir, { recursive: true });
  for (const name of readdirSync(outDir)) {
    const file = path.join(outDir, name);
    try {
      if (Date.now() - statSync(file).mtimeMs > STALE_MS) rmSync(file, { force: true });
    } catch {
      // Removed by another worker meanwhile.
    }
  }
  const outfile = path.join(outDir, `main-${process.pid}-${Date.now()}.js`);
  const pkg = JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  buildSync({
    absWorkingDir: SERVER_DIR,
    entryPoints: ['src/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: Object.keys(pkg.dependencies).filter((name) => name !== '@driftbox/contract'),
    logLevel: 'warning',
    banner: { js: "import { createRequire as __cr } from 'node:module';\nconst require = __cr(import.meta.url);" },
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  bundled = outfile;
  return outfile;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Run {
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs src/main.ts (bundled) in a real node process, so the PID is the server's own. */
export function start(env: Record<string, string>): Run {
  const child = spawn(process.execPath, [bundledMainSync()], {
    env: { PATH: process.env.PATH ?? '', ...env },
    cwd: path.dirname(MAIN),
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

export async function waitFor(predicate: () => boolean, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
