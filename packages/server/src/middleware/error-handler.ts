import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { codeForHttpStatus, type ErrorCode } from '@driftbox/contract';
import type { AppEnv } from '../app-env.js';
import { isDatabaseUnreachable } from '../db/unreachable.js';
import { fail } from '../http/envelope.js';
import { AppError, notFound } from '../lib/errors.js';
import { msg } from '../lib/i18n/catalogue.js';
import type { Logger } from '../lib/logger.js';

/** The error code for a framework HTTP status (unknown 4xx → BAD_REQUEST, 5xx → INTERNAL). */
export function codeForStatus(status: number): ErrorCode {
  return codeForHttpStatus(status) ?? (status >= 400 && status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
}

/** PostgreSQL refuses a NUL character in text (SQLite stores it): the client's input, not a fault. */
function isNulInText(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | null;
  return e?.code === '22021' && /0x00/.test(e.message ?? '');
}

/** True when the Node request behind `c` was aborted by its client before its body ended. */
function clientAborted(c: Context<AppEnv>): boolean {
  const incoming = c.env?.incoming as { readableAborted?: boolean; aborted?: boolean } | undefined;
  return incoming?.readableAborted === true || incoming?.aborted === true;
}

/**
 * Three tiers (STYLE §15): AppError as is; Hono HTTPException by status; anything else is logged with
 * its stack and answered with a generic 500 that reveals nothing.
 */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return function onError(err: Error, c: Context<AppEnv>) {
    if (err instanceof AppError) return fail(c, err);
    if (err instanceof HTTPException) return fail(c, new AppError(codeForStatus(err.status)));
    if (isNulInText(err)) return fail(c, new AppError('BAD_REQUEST', { text: msg('http.nulInText') }));
    // The database down or restarting: a clear 503 now, not a 500 (and no stack per request).
    if (isDatabaseUnreachable(err)) {
      logger.warn('Database unreachable', { requestId: c.get('requestId'), path: c.req.path, error: String(err) });
      return fail(c, new AppError('UNAVAILABLE', { text: msg('system.databaseUnavailable') }));
    }
    // A client that went away mid-upload (tab closed, uploader cancelled or paused) is not a fault.
    if (clientAborted(c)) {
      logger.info('Client closed the request', {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
      });
      return fail(c, new AppError('BAD_REQUEST', { text: msg('http.interrupted') }));
    }
    logger.error('Unhandled error', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      stack: err.stack ?? String(err),
    });
    return fail(c, new AppError('INTERNAL'));
  };
}

/** Requests no route matched (e.g. a POST to a page URL): the 404 envelope. */
export function notFoundHandler(): NotFoundHandler<AppEnv> {
  return function onNotFound(c) {
    return fail(c, notFound('route'));
  };
}
