import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import type { Ids } from '../lib/crypto/ids.js';

// Accept a caller's id only when it cannot smuggle anything into logs or headers.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Tags each request with an id (the incoming X-Request-Id when sane) and echoes it in the response. */
export function requestId(ids: Ids): MiddlewareHandler<AppEnv> {
  return async function requestIdMiddleware(c, next) {
    const incoming = c.req.header('x-request-id');
    const id = incoming && SANE_ID.test(incoming) ? incoming : ids.uuid();
    c.set('requestId', id);
    await next();
    c.res.headers.set('X-Request-Id', id);
  };
}
