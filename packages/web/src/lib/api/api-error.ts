import type { ErrorCode, ErrorDetail } from '@driftbox/contract';

/**
 * Codes the client itself produces (no server answer, or an answer that is not our envelope).
 * They sit beside the contract's ErrorCode so the UI can translate both the same way.
 */
export const CLIENT_ERROR_CODES = [
  'ABORTED',
  'TIMEOUT',
  'NETWORK',
  'HTTP_ERROR',
  'REQUEST_FAILED',
  'BAD_RESPONSE',
  // Offline: the write was queued and will be sent when the connection is back (lib/offline).
  'QUEUED_OFFLINE',
] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type ApiErrorCode = ErrorCode | ClientErrorCode;

/** English fallback messages for client-side failures (spec §8). */
export const CLIENT_ERROR_MESSAGES: Record<ClientErrorCode, string> = {
  ABORTED: 'request cancelled or timed out',
  TIMEOUT: 'request timed out, server took too long',
  NETWORK: 'network connection failed, check network settings',
  HTTP_ERROR: 'HTTP error',
  REQUEST_FAILED: 'request failed',
  BAD_RESPONSE: 'invalid server response format',
  QUEUED_OFFLINE: 'offline: saved and waiting to sync',
};

export interface ApiErrorInit {
  status: number;
  code: ApiErrorCode | (string & {});
  message: string;
  /** The server's own message, in the page's language (api-client sends X-Language); absent for client failures. */
  serverMessage?: string;
  statusText?: string;
  details?: ErrorDetail[];
  requestId?: string;
  /** A 429's Retry-After: how long until the limit lets the caller try again. */
  retryAfterSeconds?: number;
  /** QUEUED_OFFLINE: the offline queue entry's id. */
  queueId?: number;
}

/** Every failure of lib/api-client is one of these; status 0 means no HTTP answer was received. */
export class ApiError extends Error {
  readonly status: number;
  /** A contract ErrorCode, a client code, or (from a newer server) a code this build does not know. */
  readonly code: ApiErrorCode | (string & {});
  readonly statusText: string;
  readonly serverMessage: string | undefined;
  readonly details: ErrorDetail[];
  readonly requestId: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly queueId: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.statusText = init.statusText ?? '';
    this.serverMessage = init.serverMessage;
    this.details = init.details ?? [];
    this.requestId = init.requestId;
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.queueId = init.queueId;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
