import { statusOf, validationMessageZh, type ErrorCode, type ErrorDetail } from '@driftbox/contract';
import type { z } from 'zod';
import { msg } from './i18n/catalogue.js';
import type { Text } from './i18n/i18n.js';
import { RESOURCE_NAMES, type Resource } from './i18n/messages.js';

/** A field detail; `zh` is its Chinese wording when known (the envelope picks by language). */
export type LocalDetail = ErrorDetail & { zh?: string };

export interface AppErrorOptions {
  /** Overrides the code's default message. */
  text?: Text;
  details?: LocalDetail[];
  /** Extra response headers (e.g. Retry-After). */
  headers?: Record<string, string>;
}

/** The one error type routes and services throw; `onError` turns it into the error envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly text: Text | undefined;
  readonly details: LocalDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(options.text?.en ?? code);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf(code);
    this.text = options.text;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }
}

/** 404 for a named resource ("API key not found" / "API 密钥不存在"). */
export function notFound(resource: Resource): AppError {
  return new AppError('NOT_FOUND', { text: notFoundText(resource) });
}

/** "… not found" in both languages, for answers that name a missing thing without failing (batch results). */
export function notFoundText(resource: Resource): Text {
  return msg('http.notFound', { resource: RESOURCE_NAMES[resource] });
}

/** 409 with a specific conflict code. */
export function conflict(code: 'CONFLICT' | 'NAME_TAKEN' | 'KEY_TAKEN' | 'USERNAME_TAKEN' | 'SLUG_TAKEN'): AppError {
  return new AppError(code);
}

/** 400 bad input that is not a schema violation (e.g. unreadable JSON). */
export function badRequest(text?: Text): AppError {
  return new AppError('BAD_REQUEST', text ? { text } : {});
}

/** 400 with field-level details. */
export function validationFailed(details: LocalDetail[]): AppError {
  return new AppError('VALIDATION_FAILED', { details });
}

/** 400 for one field, phrased like a schema issue so forms can show it next to the field. */
export function invalidField(path: string, text: Text): AppError {
  return new AppError('VALIDATION_FAILED', { details: [{ path, message: text.en, zh: text.zh }], text });
}

/** 401 not authenticated (or presented credentials that are not valid). */
export function unauthorized(
  code:
    | 'UNAUTHORIZED'
    | 'INVALID_CREDENTIALS'
    | 'WRONG_PASSWORD'
    | 'TOKEN_EXPIRED'
    | 'API_KEY_INVALID'
    | 'API_KEY_DISABLED' = 'UNAUTHORIZED',
): AppError {
  return new AppError(code);
}

/** 403 authenticated but not allowed. */
export function forbidden(
  code: 'FORBIDDEN' | 'PERMISSION_DENIED' | 'PATH_FORBIDDEN' | 'ADMIN_ONLY' = 'FORBIDDEN',
): AppError {
  return new AppError(code);
}

/** 429 with the seconds until the window resets. */
export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', { headers: { 'Retry-After': String(Math.max(1, retryAfterSeconds)) } });
}

/**
 * Turns zod issues into the envelope's `details` (`a.b.0.c` paths). `zhIssues`, the same failure with
 * zod's Chinese messages, gives each detail its Chinese wording (the contract's own messages through
 * validationMessageZh).
 */
export function zodDetails(error: z.ZodError, zhIssues?: readonly z.core.$ZodIssue[]): LocalDetail[] {
  const aligned = zhIssues?.length === error.issues.length ? zhIssues : undefined;
  return error.issues.map((issue, i) => {
    const zh = aligned?.[i]?.message;
    return {
      path: issue.path.map((p) => String(p)).join('.'),
      message: issue.message,
      ...(zh === undefined ? {} : { zh: validationMessageZh(zh) }),
    };
  });
}
