import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { Logger } from '../lib/logger.js';

/** One info line per request: method, path, status, duration in ms, request id. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async function requestLogMiddleware(c, next) {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    logger.info(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms`, { requestId: c.get('requestId') });
  };
}
