/**
 * Where the API lives (spec §7): the runtime config's `backendUrl` (`public/config.js`, editable after
 * the build), else the `backend_url` local-storage value, else this site. Driftbox serves the app and
 * the API on one origin, so the default needs no configuration; a copy of the app served elsewhere sets
 * `backendUrl`, and that server lists the copy's origin in CORS_ORIGINS. A value that is not an http(s)
 * URL (scheme, host, optional path; no query or fragment) is ignored.
 */
export const BACKEND_URL_KEY = 'backend_url';

declare global {
  interface Window {
    /** Set by `/config.js` before the app starts. */
    appConfig?: { backendUrl?: unknown };
  }
}

/** The first usable base URL among `candidates`, without a trailing slash; '' for this site. */
export function backendBaseFrom(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    if (typeof candidate !== 'string' || candidate.trim() === '') continue;
    try {
      const url = new URL(candidate.trim());
      if (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        !url.search &&
        !url.hash &&
        !url.username &&
        !url.password
      ) {
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
      }
    } catch {
      // not a URL: try the next source
    }
  }
  return '';
}

function stored(): string | null {
  try {
    return window.localStorage.getItem(BACKEND_URL_KEY);
  } catch {
    return null;
  }
}

/** The backend's base URL for this page load ('' = this site). */
export const BACKEND_BASE = backendBaseFrom(
  typeof window === 'undefined' ? undefined : window.appConfig?.backendUrl,
  typeof window === 'undefined' ? null : stored(),
);

/** A URL the server handed out, made absolute against the backend (its own signed URLs are server-relative). */
export function onBackend(url: string, base: string = BACKEND_BASE): string {
  return base && url.startsWith('/') && !url.startsWith('//') ? `${base}${url}` : url;
}
