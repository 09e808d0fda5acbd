import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';
import { trustsForwarded, type TrustProxy } from './client-ip.js';

/**
 * The origin clients reach the server at, for absolute links in responses (share URLs for curl users,
 * Office viewer links). Behind a proxy (TRUST_PROXY) the forwarded scheme and host win; otherwise the
 * request's own URL says it. Only the first value of each forwarded header counts.
 */
export function requestOrigin(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  const url = new URL(c.req.url);
  if (!trustsForwarded(c, trustProxy)) return url.origin;
  const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim();
  const proto = first('x-forwarded-proto');
  const host = first('x-forwarded-host');
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : url.host}`;
}

/**
 * The origin of the page that made the request: its `Origin` header when that is a plain http(s)
 * origin, else the server's own (the app is served from it).
 */
export function callerOrigin(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  const declared = c.req.header('origin');
  if (declared && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(declared)) return declared.toLowerCase();
  return requestOrigin(c, trustProxy);
}
