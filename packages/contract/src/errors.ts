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
  FORBIDDEN: 403,
  PERMISSION_DENIED: 403,
  PATH_FORBIDDEN: 403,
  ADMIN_ONLY: 403,
  NOT_FOUND: 404,
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
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** HTTP status for an error code. */
export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
