// Builds the fs-media harness page (dev-only, for e2e/tests/fs-media.spec.ts) into .tmp/fs-media-harness,
// which the spec serves as the server's WEB_DIST. Vite and its plugins are the web package's own.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const web = fileURLToPath(new URL('../../../packages/web/', import.meta.url));
const fromWeb = createRequire(`${web}package.json`);
const load = (name) => import(pathToFileURL(fromWeb.resolve(name)).href);

export async function buildHarness() {
  const [{ build }, react, tailwind] = await Promise.all([
    load('vite'),
    load('@vitejs/plugin-react'),
    load('@tailwindcss/vite'),
  ]);
  const outDir = fileURLToPath(new URL('../../../.tmp/fs-media-harness', import.meta.url));
  // Tailwind looks for class names from the working directory: the web package's sources and this page.
  const cwd = process.cwd();
  process.chdir(web);
  try {
    await build({
      configFile: false,
      logLevel: 'warn',
      root: fileURLToPath(new URL('.', import.meta.url)),
      plugins: [react.default(), tailwind.default()],
      resolve: { dedupe: ['katex', 'react', 'react-dom'] },
      build: {
        outDir,
        emptyOutDir: true,
        chunkSizeWarningLimit: 4096,
        assetsInlineLimit: (file) => (/\.(woff2?|ttf)$/.test(file) ? false : undefined),
      },
    });
  } finally {
    process.chdir(cwd);
  }
  return outDir;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(await buildHarness());
