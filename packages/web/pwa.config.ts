/**
 * The installable app (issue 31): the web app manifest and the service worker build (vite-plugin-pwa,
 * injectManifest: src/sw.ts is our own worker, Workbox only fills in the precache list).
 *
 * The manifest is written at build time with the product name; the server answers it with `name` and
 * `short_name` set to the site title an admin chose (packages/server/src/middleware/web-manifest.ts), and
 * the worker fetches it network first (not precached), so an install takes the current title.
 */
import { fileURLToPath } from 'node:url';
import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';
import { shellOnly } from './pwa-shell.ts';

/** Light theme (the page canvas and the accent) and, for browsers that read it, the dark one. */
export const THEME = {
  light: { theme: '#0ea5e9', background: '#f6f7f9' },
  dark: { theme: '#121821', background: '#0b0f14' },
} as const;

export const manifest: Partial<ManifestOptions> & Record<string, unknown> = {
  id: '/',
  name: 'Driftbox',
  short_name: 'Driftbox',
  description: 'Share text and files, browse your storage — also offline.',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  lang: 'en',
  theme_color: THEME.light.theme,
  background_color: THEME.light.background,
  // Chromium's per-scheme colours (ignored elsewhere; index.html's theme-color metas cover the rest).
  user_preferences: {
    color_scheme_dark: { theme_color: THEME.dark.theme, background_color: THEME.dark.background },
  },
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: [
    { name: 'New paste', short_name: 'Paste', url: '/', icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }] },
    {
      name: 'Upload',
      short_name: 'Upload',
      url: '/upload',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192' }],
    },
  ],
};

export const pwaOptions: Partial<VitePWAOptions> = {
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // We register the worker ourselves after `load` (src/lib/pwa/register.ts): no injected script.
  injectRegister: false,
  registerType: 'prompt',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: manifest as Partial<ManifestOptions>,
  injectManifest: {
    // Candidates; pwa-shell.ts keeps the shell (entry, page chunks, their imports, styles, the offline
    // page, icons). Source maps and the precompressed copies stay out.
    manifestTransforms: [shellOnly(fileURLToPath(new URL('./dist', import.meta.url)))],
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz', 'config.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  devOptions: { enabled: false },
};
