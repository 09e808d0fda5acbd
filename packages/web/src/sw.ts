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
 * - The first visit: the page tells the worker (`WARM_CACHE`) which files and which page it loaded before
 *   the worker was in charge; they are kept as if fetched through it, so a page opened once works offline.
 * - The offline queue: Background Sync `sync-offline-queue` replays it (src/lib/offline/sync-worker.ts).
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { installSyncHandlers } from './lib/offline/sync-worker';
import {
  CACHE_NAMES,
  isPageUrl,
  isPublicSiteSettings,
  isStaticAsset,
  OFFLINE_PAGE,
  warmableAssets,
} from './lib/pwa/sw-rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

clientsClaim();
cleanupOutdatedCaches();

// Registered before the precache's route: routes match in order, so navigations never come from the
// precache (the shell's copy would carry an old CSP).
// ignoreVary: the server's `Vary: Accept-Encoding, Accept-Language, Cookie` names headers the network
// adds, which a page's own request (a warm-up, a script's fetch) never carries: with them, an offline
// navigation found no copy of a page fetched by the worker. The copies are the same shell either way.
const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  networkTimeoutSeconds: 8,
  matchOptions: { ignoreVary: true },
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
// The runtime config and the manifest (named after the site title by the server): current when online.
registerRoute(
  ({ url }) => url.pathname === '/config.js' || url.pathname === '/manifest.webmanifest',
  new NetworkFirst({ cacheName: CACHE_NAMES.config }),
);
const staticFiles = new StaleWhileRevalidate({
  cacheName: CACHE_NAMES.static,
  matchOptions: { ignoreVary: true },
  plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600 })],
});
registerRoute(
  ({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isStaticAsset(url),
  staticFiles,
);

/** Keeps what the first visit loaded before the worker took over (through the strategies: same expiry). */
async function warm(event: ExtendableMessageEvent, assets: unknown, page: unknown): Promise<void> {
  const origin = self.location.origin;
  const jobs = warmableAssets(Array.isArray(assets) ? assets : [], origin).map(async (url) => {
    if (await matchPrecache(url)) return;
    if (await caches.match(url, { cacheName: CACHE_NAMES.static, ignoreVary: true })) return;
    await staticFiles.handleAll({ event, request: new Request(url) })[1];
  });
  if (typeof page === 'string' && isPageUrl(new URL(page, origin), origin)) {
    const url = new URL(page, origin).href;
    if (!(await caches.match(url, { cacheName: CACHE_NAMES.pages, ignoreVary: true })))
      jobs.push(pages.handleAll({ event, request: new Request(url, { credentials: 'same-origin' }) })[1]);
  }
  await Promise.allSettled(jobs);
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string; assets?: unknown; page?: unknown } | null;
  // The page's update prompt: the waiting worker takes over only when the user accepts.
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === 'WARM_CACHE') event.waitUntil(warm(event, data.assets, data.page));
});

installSyncHandlers(self);
