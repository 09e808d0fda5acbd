/// <reference lib="webworker" />
/**
 * The service worker (issue 31), built by vite-plugin-pwa's injectManifest (pwa.config.ts).
 *
 * - Precache: the app shell (entry, page chunks, styles, icons, the offline page) listed at build time.
 * - Navigations: network first, so every page gets the server's current CSP and HTML; a copy of each page
 *   opened online is kept, and offline that copy is served, or the offline page for a page never opened.
 * - API: network only. Paste and file reads count views and carry secrets (/api/raw, /api/file-download,
 *   /api/p, /api/fs/*, anything with Authorization): nothing under /api is stored, except the public site
 *   settings (GET /api/admin/settings?group=4 without credentials), stale-while-revalidate.
 * - Static files outside the precache (fonts, later chunks): stale-while-revalidate, 7 days.
 * - The offline queue: Background Sync `sync-offline-queue` replays it (src/lib/offline/sync-worker.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { installSyncHandlers } from './lib/offline/sync-worker';
import { CACHE_NAMES, isPublicSiteSettings, isStaticAsset, OFFLINE_PAGE } from './lib/pwa/sw-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

clientsClaim();
cleanupOutdatedCaches();

// Registered before the precache's route: routes match in order, so navigations never come from the
// precache (the shell's copy would carry an old CSP).
const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: 8,
  plugins: [new ExpirationPlugin({ maxEntries: 50, maxAgeSeconds: 7 * 24 * 3600 })],
});
registerRoute(
  new NavigationRoute(async (options) => {
    try {
      return await pages.handle(options);
    } catch {
      return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
    }
  }),
);

precacheAndRoute(self.__WB_MANIFEST);

registerRoute(
  ({ request, url }) => request.method === 'GET' && isPublicSiteSettings(url, request.headers),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.siteSettings,
    plugins: [new ExpirationPlugin({ maxEntries: 4, maxAgeSeconds: 24 * 3600 })],
  }),
);
registerRoute(({ url }) => url.pathname.startsWith('/api/'), new NetworkOnly());
registerRoute(({ url }) => url.pathname === '/config.js', new NetworkFirst({ cacheName: CACHE_NAMES.config }));
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isStaticAsset(url),
  new StaleWhileRevalidate({
    cacheName: CACHE_NAMES.static,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  // The page's update prompt: the waiting worker takes over only when the user accepts.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

installSyncHandlers(self);
