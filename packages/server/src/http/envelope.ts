import type { ErrorDetail, Fail, Ok } from '@driftbox/contract';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../app-env.js';
import type { AppError } from '../lib/errors.js';
import { msg } from '../lib/i18n/catalogue.js';
import { t, type Text } from '../lib/i18n/i18n.js';
import { ERROR_MESSAGES } from '../lib/i18n/messages.js';

export interface OkOptions {
  status?: 200 | 201 | 202;
  message?: Text;
  /** Top-level fields kept for clients of the original product (e.g. health's `status`). */
  extra?: Record<string, unknown>;
}

/** The success envelope `{ code, message, data, success: true }`; `code` equals the HTTP status. */
export function ok<T>(c: Context<AppEnv>, data: T, options: OkOptions = {}): Response {
  const status = options.status ?? 200;
  const body: Ok<T> & Record<string, unknown> = {
    code: status,
    message: t(c.get('lang') ?? 'en', options.message ?? msg('http.success')),
    data,
    success: true,
    ...options.extra,
  };
  return c.json(body, status);
}

/**
 * `ok(c, data)`'s body as text around data already serialized (`dataJson`), for answers kept ready
 * (the listing cache): the same fields in the same order.
 */
export function okJson(c: Context<AppEnv>, dataJson: string): string {
  const message = JSON.stringify(t(c.get('lang') ?? 'en', msg('http.success')));
  return `{"code":200,"message":${message},"data":${dataJson},"success":true}`;
}

/** The error envelope for an AppError, in the caller's language, with the request id. */
export function fail(c: Context<AppEnv>, error: AppError): Response {
  const body: Fail = {
    code: error.status,
    message: t(c.get('lang') ?? 'en', error.text ?? ERROR_MESSAGES[error.code]),
    data: null,
    success: false,
    error: error.code,
  };
  const zh = c.get('lang') === 'zh-CN';
  const details: ErrorDetail[] | undefined = error.details?.map((d) => ({
    path: d.path,
    message: zh ? (d.zh ?? d.message) : d.message,
  }));
  if (details) body.details = details;
  const requestId = c.get('requestId');
  if (requestId) body.requestId = requestId;
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(body, error.status as ContentfulStatusCode);
}
