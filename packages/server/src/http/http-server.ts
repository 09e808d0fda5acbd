import type { IncomingMessage, Server } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/** A socket with nothing sent or received for this long is closed (a stalled upload, a reader gone quiet). */
export const IDLE_SOCKET_MS = 5 * 60 * 1000;

/**
 * Timeouts for the HTTP server. Node's default `requestTimeout` (5 minutes for a whole request) cut
 * every upload that took longer, however steadily its bytes came; an upload may take hours on a slow
 * link. Instead a socket idle for `idleMs` is closed (a stalled upload, a reader gone quiet), and the
 * headers must still come within Node's `headersTimeout` (a minute), so a client trickling nothing
 * cannot hold a connection. Once a request's body has all arrived, the server may work on it for as
 * long as it takes without a byte on the socket (assembling a large form upload): the idle limit
 * then waits for the answer, which Node restores for the next request on the connection. A GET or HEAD
 * keeps it, for a download whose reader stops.
 */
export function tuneServer(
  server: Pick<Server, 'requestTimeout' | 'setTimeout' | 'on'>,
  idleMs = IDLE_SOCKET_MS,
): void {
  server.requestTimeout = 0;
  server.setTimeout(idleMs);
  server.on('request', (req: IncomingMessage) => {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    req.once('end', () => req.socket.setTimeout(0));
  });
}

/**
 * Counts requests whose handlers are still running (a streamed upload until it has published or
 * cleaned up after itself), so a shutdown can let them finish before the database closes.
 */
export function inFlightRequests(): {
  middleware: MiddlewareHandler;
  settled: () => Promise<void>;
  count: () => number;
} {
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
