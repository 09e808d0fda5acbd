import type { Context } from 'hono';
import { isIP } from 'node:net';
import type { AppEnv } from '../app-env.js';
import { badRequest } from '../lib/errors.js';
import { msg } from '../lib/i18n/catalogue.js';
import { trustsForwarded, type TrustProxy } from './client-ip.js';

/** Which origin absolute links are built from (PUBLIC_URL, ALLOWED_HOSTS, TRUST_PROXY). */
export interface OriginPolicy {
  trustProxy: TrustProxy;
  /** PUBLIC_URL's origin: when set, every link uses it, whatever the request says. */
  publicUrl: string | null;
  /** Host names (lower case, no port) a request may name to get links on its own host. */
  allowedHosts: readonly string[];
}

/**
 * The origin the request says it reached: behind a trusted proxy (TRUST_PROXY) the forwarded scheme and
 * host, else the request's own URL (its Host header). Client-chosen: for scheme decisions only, never
 * for a link (requestOrigin). Only the first value of each forwarded header counts.
 */
export function claimedOrigin(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  const url = new URL(c.req.url);
  if (!trustsForwarded(c, trustProxy)) return url.origin;
  const first = (name: string) => c.req.header(name)?.split(',')[0]?.trim();
  const proto = first('x-forwarded-proto');
  const host = first('x-forwarded-host');
  const scheme = proto === 'http' || proto === 'https' ? proto : url.protocol.slice(0, -1);
  return `${scheme}://${host && /^[A-Za-z0-9.:[\]-]+$/.test(host) ? host : url.host}`;
}

/** An address without brackets, IPv4-mapped IPv6 as IPv4, lower case. */
function bareAddress(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase();
  return bare.startsWith('::ffff:') && isIP(bare.slice(7)) === 4 ? bare.slice(7) : bare;
}

function isLoopback(hostname: string): boolean {
  const address = bareAddress(hostname);
  return (
    address === 'localhost' ||
    address.endsWith('.localhost') ||
    address === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(address)
  );
}

/**
 * The origin for absolute links handed to clients (share links, signed LOCAL storage URLs). PUBLIC_URL
 * when set; else the claimed origin when its host is allowed — listed in ALLOWED_HOSTS, a loopback name
 * or address, or the IP address the connection arrived on. Any other host (a poisoned Host header) is
 * refused with 400 rather than echoed into a link.
 */
export function requestOrigin(c: Context<AppEnv>, policy: OriginPolicy): string {
  if (policy.publicUrl) return policy.publicUrl;
  const claimed = new URL(claimedOrigin(c, policy.trustProxy));
  const local: unknown = c.env?.incoming?.socket?.localAddress;
  const allowed =
    policy.allowedHosts.includes(bareAddress(claimed.hostname)) ||
    isLoopback(claimed.hostname) ||
    (typeof local === 'string' && bareAddress(local) === bareAddress(claimed.hostname));
  if (!allowed) throw badRequest(msg('http.unknownHost'));
  return claimed.origin;
}

/** `url` made absolute on `origin` when it is origin-relative (LOCAL storage's signed URLs). */
export function absoluteUrl(origin: string, url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${origin}${url}` : url;
}

/**
 * The origin of the page that made the request: its `Origin` header when that is a plain http(s)
 * origin, else the server's own (the app is served from it).
 */
export function callerOrigin(c: Context<AppEnv>, policy: OriginPolicy): string {
  const declared = c.req.header('origin');
  if (declared && /^https?:\/\/[A-Za-z0-9.:[\]-]+$/.test(declared)) return declared.toLowerCase();
  return policy.publicUrl ?? claimedOrigin(c, policy.trustProxy);
}
