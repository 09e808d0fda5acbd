import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { Logger } from '../lib/logger.js';

/** One info line per request: method, path, status, duration in ms, request id. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async function requestLogMiddleware(c, next) {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    // The path is decoded (`%0A` is a newline): control characters are escaped so no one can forge a log line.
    const path = c.req.path.replace(/\p{Cc}/gu, (ch) => `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`);
    logger.info(`${c.req.method} ${path} ${c.res.status} ${ms}ms`, { requestId: c.get('requestId') });
  };
}
