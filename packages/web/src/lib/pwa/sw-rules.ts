/**
 * What the service worker may keep (src/sw.ts), as plain functions a test can check. The rule that
 * matters: nothing answered by /api is stored, except the public site settings read without credentials.
 */
export const CACHE_NAMES = {
  pages: 'driftbox-pages',
  siteSettings: 'driftbox-site-settings',
  static: 'driftbox-static',
  config: 'driftbox-config',
} as const;

export const OFFLINE_PAGE = '/offline.html';

/** `GET /api/admin/settings?group=4` with no Authorization header: the site title, favicon, footer. */
export function isPublicSiteSettings(url: URL, headers: Headers): boolean {
  return (
    url.pathname === '/api/admin/settings' &&
    url.searchParams.get('group') === '4' &&
    [...url.searchParams.keys()].length === 1 &&
    !headers.has('authorization')
  );
}

const STATIC = /\.(?:js|css|woff2?|ttf|svg|png|jpe?g|gif|webp|avif|ico|webmanifest)$/i;

/** Build output and public files of this origin: never /api, never a page. */
export function isStaticAsset(url: URL): boolean {
  if (url.pathname.startsWith('/api/')) return false;
  return url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/') || STATIC.test(url.pathname);
}

/** A page's URL the worker may keep a copy of: this origin, not /api, not a static file. */
export function isPageUrl(url: URL, origin: string): boolean {
  return url.origin === origin && !url.pathname.startsWith('/api/') && !isStaticAsset(url);
}

/**
 * The first visit's files, loaded before the worker was in charge (so never seen by its runtime routes):
 * the page lists them (`WARM_CACHE`) and the worker keeps the static ones of this origin.
 */
export function warmableAssets(urls: readonly unknown[], origin: string): string[] {
  const kept = new Set<string>();
  for (const raw of urls) {
    if (typeof raw !== 'string') continue;
    let url: URL;
    try {
      url = new URL(raw, origin);
    } catch {
      continue;
    }
    if (url.origin === origin && isStaticAsset(url) && !['/sw.js', '/config.js'].includes(url.pathname))
      kept.add(url.origin + url.pathname + url.search);
  }
  return [...kept];
}
