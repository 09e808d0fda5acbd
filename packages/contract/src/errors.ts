/**
 * Stable machine error codes and the one table from code to HTTP status (ARCHITECTURE §4).
 * The web app translates `errors.<CODE>`; the server message is the fallback.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  NOTHING_TO_UPDATE: 400,
  SAME_PASSWORD: 400,
  BACKUP_INVALID: 400,
  BACKUP_CHECKSUM: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  WRONG_PASSWORD: 401,
  TOKEN_EXPIRED: 401,
  API_KEY_INVALID: 401,
  API_KEY_DISABLED: 401,
  FORBIDDEN: 403,
  PERMISSION_DENIED: 403,
  PATH_FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  NOT_FOUND: 404,
  REQUEST_TIMEOUT: 408,
  CONFLICT: 409,
  NAME_TAKEN: 409,
  KEY_TAKEN: 409,
  USERNAME_TAKEN: 409,
  SLUG_TAKEN: 409,
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  INSUFFICIENT_STORAGE: 507,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** HTTP status for an error code. */
export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/** The code a bare HTTP status stands for when an error carries no code of its own. */
const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  410: 'GONE',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'UNAVAILABLE',
  507: 'INSUFFICIENT_STORAGE',
};

/** The generic error code for an HTTP status, or undefined when there is none; callers choose the fallback. */
export function codeForHttpStatus(status: number): ErrorCode | undefined {
  return CODE_BY_STATUS[status];
}
