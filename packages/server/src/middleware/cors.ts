import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { trustsForwarded, type TrustProxy } from '../http/client-ip.js';

const ALLOW_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOW_HEADERS =
  'Authorization, Content-Type, X-Custom-Auth-Key, X-Language, X-Request-Id, X-File-Token, X-Password';
const EXPOSE_HEADERS = 'X-Request-Id, Retry-After, Content-Disposition, Content-Length, Content-Range, ETag';

function requestHost(c: Parameters<MiddlewareHandler<AppEnv>>[0], trustProxy: TrustProxy): string | undefined {
  const forwarded = trustsForwarded(c, trustProxy)
    ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim()
    : undefined;
  return forwarded || c.req.header('host') || new URL(c.req.url).host;
}

function isSameOrigin(origin: string, host: string | undefined): boolean {
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/**
 * CORS for /api that reflects only the app's own origin and those listed in CORS_ORIGINS (the original
 * reflected every origin with credentials). Other cross-origin callers get no CORS headers, so browsers
 * refuse to share the response; scripts and CLI tools without an Origin header are unaffected. No
 * credentials mode: the API authenticates by header, never by cookie.
 */
export function sameOriginCors(
  trustProxy: TrustProxy,
  extraOrigins: readonly string[] = [],
): MiddlewareHandler<AppEnv> {
  const listed = new Set(extraOrigins);
  return async function corsMiddleware(c, next) {
    const origin = c.req.header('origin');
    const allowed = origin !== undefined && (listed.has(origin) || isSameOrigin(origin, requestHost(c, trustProxy)));
    if (c.req.method === 'OPTIONS' && c.req.header('access-control-request-method')) {
      const headers: Record<string, string> = { Vary: 'Origin' };
      if (allowed && origin) {
        Object.assign(headers, {
          'Access-Control-Allow-Origin': origin,
          'Access-Control-Allow-Methods': ALLOW_METHODS,
          'Access-Control-Allow-Headers': ALLOW_HEADERS,
          'Access-Control-Max-Age': '600',
        });
      }
      return c.body(null, 204, headers);
    }
    await next();
    c.res.headers.append('Vary', 'Origin');
    if (allowed && origin) {
      c.res.headers.set('Access-Control-Allow-Origin', origin);
      c.res.headers.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
  };
}
