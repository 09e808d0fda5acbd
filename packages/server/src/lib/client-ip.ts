import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * The caller's IP for rate limiting. Only with TRUST_PROXY is X-Forwarded-For used, and then its
 * right-most entry: the address our own proxy saw (entries to its left are client-supplied).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean);
    const last = forwarded?.[forwarded.length - 1];
    if (last) return last;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
