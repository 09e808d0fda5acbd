import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * Which requests come through our reverse proxy (TRUST_PROXY): all of them, none, or ('socket', with
 * SOCKET_PATH) only those over the Unix socket, where the proxy is; a client reaching the TCP port
 * directly would otherwise pick its own address and dodge or aim the rate limits.
 */
export type TrustProxy = boolean | 'socket';

/** Connections accepted on the proxy's Unix socket (marked as they arrive, never guessed afterwards). */
const overUnixSocket = new WeakSet<object>();

/**
 * Marks every connection `server` accepts as one through the proxy's Unix socket. Telling them apart
 * by a missing peer address is not enough: a TCP socket loses its address once it is destroyed, so a
 * client that hung up mid-request would have been taken for the proxy.
 */
export function markProxyConnections(server: {
  on(event: 'connection', listener: (socket: object) => void): unknown;
}): void {
  server.on('connection', (socket) => overUnixSocket.add(socket));
}

/** Whether this request's X-Forwarded-* headers were set by our proxy. */
export function trustsForwarded(c: Context<AppEnv>, trustProxy: TrustProxy): boolean {
  const socket: unknown = c.env?.incoming?.socket;
  return (
    trustProxy === true ||
    (trustProxy === 'socket' && typeof socket === 'object' && socket !== null && overUnixSocket.has(socket))
  );
}

/**
 * The caller's IP for rate limiting. Only from a trusted proxy is X-Forwarded-For used, and then its
 * right-most entry: the address our own proxy saw (entries to its left are client-supplied).
 */
export function clientIp(c: Context<AppEnv>, trustProxy: TrustProxy): string {
  if (trustsForwarded(c, trustProxy)) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded?.[forwarded.length - 1];
    if (last) return rateSubject(last);
  }
  return rateSubject(c.env?.incoming?.socket?.remoteAddress ?? 'unknown');
}

/**
 * Whom a rate limit counts for an address: IPv4 as it is (also when IPv4-mapped), IPv6 by its /64 —
 * one subscriber's prefix, inside which an attacker picks addresses freely.
 */
export function rateSubject(raw: string): string {
  // A proxy may write the port too (`1.2.3.4:5678`, `[2001:db8::1]:443`): every port is the same client.
  const ip = /^\[([^\]]+)\](?::\d+)?$/.exec(raw)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(raw)?.[1] ?? raw;
  if (!ip.includes(':')) return ip;
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return address;
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
