import type { Server } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** A socket with nothing sent or received for this long is closed (a stalled upload, a reader gone quiet). */
export const IDLE_SOCKET_MS = 5 * 60 * 1000;

/**
 * Timeouts for the HTTP server. Node's default `requestTimeout` (5 minutes for a whole request) cut
 * every upload that took longer, however steadily its bytes came; an upload may take hours on a slow
 * link. Instead a socket idle for IDLE_SOCKET_MS is closed, and the headers must still come within
 * Node's `headersTimeout` (a minute), so a client trickling nothing cannot hold a connection.
 */
export function tuneServer(server: Pick<Server, 'requestTimeout' | 'setTimeout'>): void {
  server.requestTimeout = 0;
  server.setTimeout(IDLE_SOCKET_MS);
}

/**
 * Counts requests whose handlers are still running (a streamed upload until it has published or
 * cleaned up after itself), so a shutdown can let them finish before the database closes.
 */
export function inFlightRequests(): { middleware: MiddlewareHandler; settled: () => Promise<void>; count: () => number } {
  let running = 0;
  let waiters: (() => void)[] = [];
  const middleware: MiddlewareHandler = async (_c, next) => {
    running += 1;
    try {
      await next();
    } finally {
      running -= 1;
      if (running === 0) {
        for (const wake of waiters) wake();
        waiters = [];
      }
    }
  };
  return {
    middleware,
    settled: () => (running === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    count: () => running,
  };
}
