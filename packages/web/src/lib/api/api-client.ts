import {
  codeForHttpStatus,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODES,
  type ErrorCode,
  type ErrorDetail,
  type ListPagination,
} from '@driftbox/contract';
import { ApiError, CLIENT_ERROR_MESSAGES } from './api-error';
import {
  arrayCheck,
  isBoolean,
  isNumber,
  isString,
  isUnknown,
  objectCheck,
  optional,
  schemaOf,
  type Checked,
  type Schema,
} from './checks';
import { authorizationFor, endSession, getAuthState } from '../auth/auth-store';
import { BACKEND_BASE } from './backend';
import { currentLanguage } from '../site/i18n';
import type { QueueType } from '../offline/queue-types';

/** The API under the backend's base address (`lib/api/backend.ts`): this site's `/api` unless configured. */
export const API_BASE = `${BACKEND_BASE}/api`;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<S extends Schema<unknown>> {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /**
   * Validates `data`; a mismatch is a BAD_RESPONSE error rather than a crash deep in the UI. A zod schema, or a
   * check from ./checks where zod should not load (the pages opened from a link).
   */
  schema: S;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Replaces the session's credential, e.g. to verify an API key before storing it; null sends none. */
  authorization?: string | null;
  /** Extra request headers (e.g. a paste access token). */
  headers?: Record<string, string>;
  /** A write the offline queue may hold (spec §4): offline, it is queued and QUEUED_OFFLINE is thrown. */
  offline?: QueueType;
  /** The same request already sent (lib/boot/early.ts): its answer is read instead of sending another. */
  sent?: Promise<Response>;
}

/** 401s that answer a password check, not a dead session: they must not sign the user out. */
const CREDENTIAL_CHECK_CODES = new Set<string>(['WRONG_PASSWORD', 'INVALID_CREDENTIALS']);

interface Envelope {
  code: number;
  message?: string;
  data?: unknown;
  success?: boolean;
  error?: string;
  details?: ErrorDetail[];
  requestId?: string;
}
// Checked by hand, not with zod: every page's first request goes through here (issue 30).
const envelopeSchema = schemaOf<Envelope>(
  objectCheck<Envelope>({
    code: isNumber,
    message: optional(isString),
    data: isUnknown,
    success: optional(isBoolean),
    error: optional(isString),
    details: optional(arrayCheck(objectCheck<ErrorDetail>({ path: isString, message: isString }))),
    requestId: optional(isString),
  }),
);

/** The machine code to use when an error answer carries none. */
function codeForStatus(status: number): ErrorCode | 'HTTP_ERROR' {
  return codeForHttpStatus(status) ?? (status >= 500 ? 'INTERNAL' : 'HTTP_ERROR');
}

function buildUrl(path: string, query: RequestOptions<Schema<unknown>>['query']): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Retry-After in seconds (the server sends seconds, never a date), when present. */
function retryAfterOf(response: Response): { retryAfterSeconds: number } | Record<string, never> {
  const seconds = Number(response.headers.get('retry-after'));
  return response.headers.has('retry-after') && Number.isFinite(seconds) && seconds > 0
    ? { retryAfterSeconds: seconds }
    : {};
}

function errorFromEnvelope(status: number, statusText: string, envelope: Envelope, response: Response): ApiError {
  return new ApiError({
    ...retryAfterOf(response),
    status,
    statusText,
    code: envelope.error ?? codeForStatus(status),
    message: envelope.message || `HTTP error ${status}: ${statusText}`,
    serverMessage: envelope.message || undefined,
    details: envelope.details ?? [],
    requestId: envelope.requestId,
  });
}

/** Spec §8: a 401 on the current session's credential ends that session (the one 401 interceptor). */
function handleUnauthorized(error: ApiError, sentAuthorization: string | undefined): void {
  if (error.status !== 401 || CREDENTIAL_CHECK_CODES.has(error.code)) return;
  // A stale request from an earlier session must not end the session that replaced it.
  if (!sentAuthorization || sentAuthorization !== authorizationFor(getAuthState())) return;
  endSession('expired');
}

async function send(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
  timeoutMs: number,
): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    const code = timedOut ? 'TIMEOUT' : controller.signal.aborted ? 'ABORTED' : 'NETWORK';
    throw new ApiError({ status: 0, code, message: CLIENT_ERROR_MESSAGES[code] });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The answer of a request sent earlier; a failed fetch is a NETWORK error, as `send` reports it. */
async function answerOf(sent: Promise<Response>): Promise<Response> {
  try {
    return await sent;
  } catch {
    throw new ApiError({ status: 0, code: 'NETWORK', message: CLIENT_ERROR_MESSAGES.NETWORK });
  }
}

/** The validated `data` and the whole envelope, for callers that need top-level fields beside `data`. */
export interface Answer<T> {
  data: T;
  envelope: Record<string, unknown>;
}

/**
 * The one API client: adds the session's auth header, enforces the 30 s timeout, unwraps the
 * `{code, message, data, success}` envelope and throws ApiError for every failure.
 */
export async function apiRequest<S extends Schema<unknown>>(
  path: string,
  options: RequestOptions<S>,
): Promise<Checked<S>> {
  return (await request(path, options)).data;
}

/** A page of a list: the rows in `data` and the original's top-level `pagination` beside them (`api-list.ts`). */
export interface ListPage<T> {
  items: T[];
  pagination: ListPagination;
}

/** `apiRequest` with the whole envelope beside `data` (lists: `api-list.ts`). */
export function apiRequestWithEnvelope<S extends Schema<unknown>>(
  path: string,
  options: RequestOptions<S>,
): Promise<Answer<Checked<S>>> {
  return request(path, options);
}

/** Stores the write in the offline queue (loaded on demand) and reports it as queued. */
async function queueOffline(
  options: RequestOptions<Schema<unknown>>,
  url: string,
  authorization: string | undefined,
  language: string,
): Promise<never> {
  const { enqueueRequest } = await import('../offline/enqueue-request');
  const queueId = await enqueueRequest({
    type: options.offline!,
    url,
    method: (options.method ?? 'POST') as 'POST' | 'PUT' | 'DELETE',
    body: options.body,
    authorization,
    language,
  });
  throw new ApiError({ status: 0, code: 'QUEUED_OFFLINE', message: CLIENT_ERROR_MESSAGES.QUEUED_OFFLINE, queueId });
}

async function request<S extends Schema<unknown>>(
  path: string,
  options: RequestOptions<S>,
): Promise<Answer<Checked<S>>> {
  const authorization =
    options.authorization === undefined ? authorizationFor(getAuthState()) : (options.authorization ?? undefined);
  // The server words its messages in `X-Language` (before Accept-Language): the page's language, not
  // the browser's, so an error text matches the page around it.
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    'X-Language': currentLanguage(),
  };
  if (authorization) headers.Authorization = authorization;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  const url = buildUrl(path, options.query);
  const queue = () => queueOffline(options, url, authorization, headers['X-Language'] ?? '');
  if (options.offline && typeof navigator !== 'undefined' && navigator.onLine === false) return queue();
  let response: Response;
  try {
    if (options.sent) response = await answerOf(options.sent);
    else
      response = await send(
        url,
        {
          method: options.method ?? 'GET',
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
        },
        options.signal,
        options.timeoutMs ?? REQUEST_TIMEOUT_MS,
      );
  } catch (error) {
    if (options.offline && error instanceof ApiError && error.code === 'NETWORK') return queue();
    throw error;
  }
  const body = await readBody(response);
  const envelope = envelopeSchema.safeParse(body);

  if (!response.ok) {
    const error = envelope.success
      ? errorFromEnvelope(response.status, response.statusText, envelope.data, response)
      : new ApiError({
          ...retryAfterOf(response),
          status: response.status,
          statusText: response.statusText,
          code: codeForStatus(response.status),
          message: `HTTP error ${response.status}: ${response.statusText}`,
        });
    handleUnauthorized(error, authorization);
    throw error;
  }

  let data: unknown = body;
  let whole: Record<string, unknown> = {};
  if (envelope.success) {
    whole = body as Record<string, unknown>;
    if (!(SUCCESS_CODES as readonly number[]).includes(envelope.data.code)) {
      // The body's code mirrors the intended status (the original answers some errors with HTTP 200).
      const status = envelope.data.code >= 400 ? envelope.data.code : response.status;
      const error = new ApiError({
        status,
        code: envelope.data.error ?? 'REQUEST_FAILED',
        message: envelope.data.message || CLIENT_ERROR_MESSAGES.REQUEST_FAILED,
        serverMessage: envelope.data.message || undefined,
        details: envelope.data.details ?? [],
        requestId: envelope.data.requestId,
      });
      handleUnauthorized(error, authorization);
      throw error;
    }
    data = envelope.data.data;
  }

  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: 'BAD_RESPONSE', message: CLIENT_ERROR_MESSAGES.BAD_RESPONSE });
  }
  return { data: parsed.data as Checked<S>, envelope: whole };
}
