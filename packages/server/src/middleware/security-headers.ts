import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * The app pages' policy (ARCHITECTURE §5): same-origin code only, no framing, no plugins. The uploader PUTs
 * straight to storage (presigned S3 URLs) and the file page plays, frames and fetches direct-mode links,
 * which point at storage: `connect-src`, `media-src` and `frame-src` allow https: and the given origins,
 * the plain-http storage hosts (a LAN MinIO) listed one by one.
 */
export function contentSecurityPolicy(
  storageOrigins: readonly string[] = [],
  scriptHashes: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // http: too: the spec lets the site favicon be an http URL (images run no code; https pages upgrade them).
    "img-src 'self' data: https: http: blob:",
    ["connect-src 'self' https:", ...storageOrigins].join(' '),
    // The file page plays shares and frames PDFs and the Office viewers.
    ["media-src 'self' https: blob:", ...storageOrigins].join(' '),
    ["frame-src 'self' https:", ...storageOrigins].join(' '),
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

const HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  // Share links carry slugs; do not leak them to other sites.
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/**
 * The built app's scripts and styles (`/assets/`, hashed, immutable): the page directives (CSP, framing, opener)
 * act on documents and workers only, and the app has no worker under /assets/ (the service worker is /sw.js).
 * A page opens dozens of these; ~400 bytes of headers each were a tenth of a shared paste's JS (issue 30).
 */
const ASSET_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function isAppAsset(path: string, contentType: string): boolean {
  return path.startsWith('/assets/') && /^(text\/javascript|text\/css)(;|$)/.test(contentType);
}

/** A path the SPA answers with a page: neither the API nor the built assets. */
function isPagePath(path: string): boolean {
  return !path.startsWith('/api/') && !path.startsWith('/assets/');
}

export interface SecurityHeadersOptions {
  /** Plain-http storage origins the app's pages upload to, play from and frame (see the policy). */
  storageOrigins?: () => Promise<readonly string[]>;
  /** The `'sha256-…'` sources of index.html's inline scripts (middleware/inline-scripts.ts). */
  scriptHashes?: () => Promise<readonly string[]>;
}

/** Adds the security headers to every response that does not set its own. */
export function securityHeaders(options: SecurityHeadersOptions = {}): MiddlewareHandler<AppEnv> {
  return async function securityHeadersMiddleware(c, next) {
    await next();
    // Only documents use those directives; API answers keep the static header (no lookup).
    const contentType = c.res.headers.get('content-type') ?? '';
    if (isAppAsset(c.req.path, contentType)) {
      for (const [name, value] of Object.entries(ASSET_HEADERS)) c.res.headers.set(name, value);
      return;
    }
    // A 304 names no type, but its headers replace the cached page's: a page's revalidation must carry the page's
    // policy, or the reloaded page runs under one without its inline scripts' hashes (and the app never starts).
    const isPage = contentType.startsWith('text/html') || (c.res.status === 304 && isPagePath(c.req.path));
    const extra = isPage && options.storageOrigins ? await options.storageOrigins() : [];
    const hashes = isPage && options.scriptHashes ? await options.scriptHashes() : [];
    const headers =
      extra.length > 0 || hashes.length > 0
        ? { ...HEADERS, 'Content-Security-Policy': contentSecurityPolicy(extra, hashes) }
        : HEADERS;
    for (const [name, value] of Object.entries(headers)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    // API answers carry keys, tokens and private rows: no cache keeps them unless a route says so.
    if (c.req.path.startsWith('/api/') && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', 'no-store');
  };
}
