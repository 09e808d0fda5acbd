/**
 * Limits on clients that hold connections without using them (issue 25, hardening 6). The idle timer
 * of `tuneServer` restarts with every byte, so a body trickled one byte a second held its connection
 * (and an upload handler) for ever. Two guards close that: a minimum body rate, and a cap on the
 * connections one client address may hold open at once.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Fail } from '@driftbox/contract';
import { msg } from '../lib/i18n/catalogue.js';
import { pickLanguage, t } from '../lib/i18n/i18n.js';
import type { Logger } from '../lib/logger.js';
import { rateSubject } from './client-ip.js';

export interface SlowClientLimits {
  /** Bytes per second a request body must average over each window; 0 turns the minimum off. */
  minBodyRate: number;
  /** The window the body rate is averaged over, in milliseconds. */
  bodyRateWindowMs: number;
  /** Connections one client address (an IPv6 /64) may hold open; 0 turns the cap off. */
  maxConnectionsPerClient: number;
}

/** A connection answered 408 is closed once the answer is written, or after this at the latest. */
const CLOSE_AFTER_408_MS = 2_000;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Ends a request whose body is too slow: a 408 in the envelope when its answer has not started (written
 * on the socket itself, so the handler still reading the body learns of it only as an aborted request
 * and discards what it started), then the connection is closed.
 */
function endTooSlow(req: IncomingMessage, res: ServerResponse, limits: SlowClientLimits): void {
  const socket = req.socket;
  // `res.socket` is set only on the answer the connection is writing now (not one queued behind another).
  if (res.headersSent || res.socket !== socket || !socket.writable) {
    socket.destroy();
    return;
  }
  const lang = pickLanguage(header(req, 'accept-language'), header(req, 'x-language'));
  const text = msg('http.bodyTooSlow', {
    rate: limits.minBodyRate,
    seconds: Math.round(limits.bodyRateWindowMs / 1000),
  });
  const body: Fail = { code: 408, message: t(lang, text), data: null, success: false, error: 'REQUEST_TIMEOUT' };
  const json = JSON.stringify(body);
  const head = [
    'HTTP/1.1 408 Request Timeout',
    'Content-Type: application/json; charset=UTF-8',
    `Content-Length: ${Buffer.byteLength(json)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${json}`, () => socket.destroy());
  setTimeout(() => socket.destroy(), CLOSE_AFTER_408_MS).unref();
}

/**
 * Watches each request's body until it has all arrived: in every window (tumbling, from the request's
 * headers on) at least `minBodyRate × window` bytes must come in, counted on the socket. A window in
 * which the server itself stopped reading (its handler not keeping up, so Node paused the socket) is
 * not held against the client.
 */
function watchBodyRate(server: Pick<Server, 'on'>, limits: SlowClientLimits): void {
  const needed = (limits.minBodyRate * limits.bodyRateWindowMs) / 1000;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // A request without Content-Length or Transfer-Encoding has no body (most GETs): nothing to watch.
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return;
    const socket = req.socket;
    let from = socket.bytesRead;
    let serverPaused = socket.isPaused();
    const onPause = () => (serverPaused = true);
    const stop = () => {
      clearInterval(timer);
      socket.off('pause', onPause);
      socket.off('close', stop);
    };
    const timer = setInterval(() => {
      if (req.complete || socket.destroyed) return stop();
      const read = socket.bytesRead;
      if (!serverPaused && !socket.isPaused() && read - from < needed) {
        stop();
        endTooSlow(req, res, limits);
        return;
      }
      from = read;
      serverPaused = socket.isPaused();
    }, limits.bodyRateWindowMs);
    timer.unref();
    socket.on('pause', onPause);
    socket.once('close', stop);
    req.once('end', stop);
  });
}

/** Open connections per client address, for the cap (and for tests). */
export interface ConnectionCount {
  open(address: string): number;
}

/**
 * Caps the connections one client address holds open. One over the cap is closed at once, before a
 * byte is read: answering it (503 or 429) would mean reading its request first, the very thing the cap
 * saves. A browser opens about six connections per host, so the cap only meets a client that hoards
 * them. Addresses are grouped as the rate limits group them (IPv6 by its /64); connections without a
 * peer address (a Unix socket) are not counted.
 */
function capConnections(server: Pick<Server, 'on'>, max: number, logger?: Logger): ConnectionCount {
  const open = new Map<string, number>();
  const warned = new Set<string>();
  server.on('connection', (socket: Socket) => {
    if (!socket.remoteAddress) return;
    const client = rateSubject(socket.remoteAddress);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      if (!warned.has(client)) {
        warned.add(client);
        logger?.warn('Refusing connections over the per-client cap', { client, cap: max });
      }
      socket.destroy();
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
      if (left < max) warned.delete(client);
    });
  });
  return { open: (address) => open.get(rateSubject(address)) ?? 0 };
}

/** Puts both guards on `server`, each unless turned off (0). */
export function guardSlowClients(
  server: Pick<Server, 'on'>,
  limits: SlowClientLimits,
  logger?: Logger,
): ConnectionCount {
  if (limits.minBodyRate > 0) watchBodyRate(server, limits);
  return limits.maxConnectionsPerClient > 0
    ? capConnections(server, limits.maxConnectionsPerClient, logger)
    : { open: () => 0 };
}
