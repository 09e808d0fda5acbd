import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './precompress.ts';
import { pwaOptions } from './pwa.config.ts';
import { firstPaintHtml } from './first-paint.ts';
import { routePreloads } from './route-preloads.ts';
import { textsSplit } from './texts-split.ts';

/**
 * The libraries and the app's own modules every page runs before its first render (the app imports them): one
 * chunk instead of the nine small ones the automatic split made of them, since every page downloads them all
 * anyway (issue 30: each file costs a request and its headers).
 */
const CORE_MODULES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|use-sync-external-store)[\\/]|[\\/]src[\\/]lib[\\/](api[\\/](api-client|api-error|backend|checks)|auth[\\/]auth-store|site[\\/]i18n|browser-storage)\.ts$|[\\/]src[\\/](lib[\\/]boot[\\/]early|components[\\/]ui[\\/]button)\.tsx?$|[\\/]contract[\\/]src[\\/](constants|errors|permissions|site-defaults)\.ts$/;

// The API and the SPA share one origin in production; in dev the API server runs on 8787.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    textsSplit(),
    react(),
    tailwindcss(),
    routePreloads(),
    firstPaintHtml(),
    VitePWA(pwaOptions),
    precompress(),
  ],
  // npm leaves nested copies of KaTeX under the Markdown plugin and Mermaid; one copy in the bundle is enough.
  resolve: { dedupe: ['katex'] },
  // JSON modules (the texts of each language) as JSON.parse of a string: parsed faster than an object literal.
  json: { stringify: true },
  server: {
    proxy: { '/api': { target: 'http://localhost:8787', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://localhost:8787', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by pwa-shell.ts to precache the app shell only.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Vite's preload helper, which the entry calls to import the app after the first paint (src/boot.ts):
            // on its own, so the entry does not import, and so evaluate, the core chunk before that paint.
            { name: 'preload-helper', test: /vite\/preload-helper/ },
            { name: 'core', test: CORE_MODULES },
          ],
        },
      },
    },
    // The CSP has no font-src, so fonts (KaTeX's) must be files on this origin, never data: URLs.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf|eot)$/.test(file) ? false : undefined),
  },
});
