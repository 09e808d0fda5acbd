import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * Whether this request's X-Forwarded-* headers were set by our proxy: only with TRUST_PROXY, and with
 * SOCKET_PATH only for requests over the socket (the proxy is there; a client reaching the TCP port
 * directly would otherwise pick its own address and dodge or aim the rate limits).
 */
export function trustsForwarded(c: Context<AppEnv>, trustProxy: boolean): boolean {
  if (!trustProxy) return false;
  return !(c.var.proxyOnSocket && c.env?.incoming?.socket?.remoteAddress !== undefined);
}

/**
 * The caller's IP for rate limiting. Only from a trusted proxy is X-Forwarded-For used, and then its
 * right-most entry: the address our own proxy saw (entries to its left are client-supplied).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustsForwarded(c, trustProxy)) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = forwarded?.[forwarded.length - 1];
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
