import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.js';
import { AppError } from '../lib/errors.js';
import { memoryLogger } from '../lib/logger.js';
import { codeForStatus, errorHandler } from './error-handler.js';

function appThrowing(err: unknown) {
  const logger = memoryLogger();
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    // Stands for node-server's Node request when a test says the client aborted it.
    if (c.req.header('x-test-aborted'))
      c.env = { incoming: { readableAborted: true } } as unknown as AppEnv['Bindings'];
    await next();
  });
  app.use(async (c, next) => {
    c.set('lang', 'en');
    c.set('requestId', 'rid');
    await next();
  });
  app.get('/', () => {
    throw err;
  });
  app.onError(errorHandler(logger));
  return { app, logger };
}

describe('errorHandler', () => {
  it('answers an AppError as is, with its headers', async () => {
    const { app } = appThrowing(new AppError('RATE_LIMITED', { headers: { 'Retry-After': '7' } }));
    const res = await app.request('/');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(await res.json()).toEqual({
      code: 429,
      message: 'Too many attempts, please try again later',
      data: null,
      success: false,
      error: 'RATE_LIMITED',
      requestId: 'rid',
    });
  });

  it('maps framework HTTP errors by status', async () => {
    const { app, logger } = appThrowing(new HTTPException(413, { message: 'Body too big' }));
    const res = await app.request('/');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
    expect(logger.entries).toEqual([]);
  });

  it('hides anything else behind a logged generic 500', async () => {
    const { app, logger } = appThrowing(new Error('secret connection string postgres://u:p@h'));
    const res = await app.request('/');
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).not.toContain('postgres://');
    expect(JSON.parse(text)).toEqual({
      code: 500,
      message: 'Internal server error',
      data: null,
      success: false,
      error: 'INTERNAL',
      requestId: 'rid',
    });
    expect(logger.entries[0]?.fields.stack).toContain('secret connection string');
  });

  it('answers a request its client aborted with a 400 and logs it as information, not as a fault', async () => {
    const { app, logger } = appThrowing(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    const res = await app.request('/', { headers: { 'x-test-aborted': '1' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: 'The request was interrupted' });
    expect(logger.entries.map((e) => [e.level, e.message])).toEqual([['info', 'Client closed the request']]);
  });

  it('codeForStatus falls back by class', () => {
    expect(codeForStatus(418)).toBe('BAD_REQUEST');
    expect(codeForStatus(502)).toBe('INTERNAL');
    expect(codeForStatus(401)).toBe('UNAUTHORIZED');
  });
});
