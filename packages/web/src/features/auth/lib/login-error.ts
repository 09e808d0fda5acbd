import { isApiError } from '../../../lib/api/api-error';
import { INSUFFICIENT_PERMISSIONS } from '../../../lib/auth/auth-session';

export type LoginMode = 'password' | 'apikey';

/** Keys under `auth.login.errors.*` (spec §8 "Login"). */
export type LoginErrorKey =
  | 'invalidToken'
  | 'invalidCredentials'
  | 'failed'
  | 'badResponse'
  | 'serverError'
  | 'keyValidationFailed'
  | 'noPermissionInfo'
  | 'keyInvalid'
  | 'insufficientPermissions'
  | 'rateLimited';

/** What went wrong with a login attempt, or `network` when the failure is the connection itself. */
export type LoginErrorReason = { kind: 'login'; key: LoginErrorKey } | { kind: 'network' };

/** Maps a failed login to the spec's login messages. */
export function loginErrorReason(error: unknown, mode: LoginMode): LoginErrorReason {
  if (!isApiError(error)) return { kind: 'login', key: mode === 'password' ? 'failed' : 'keyValidationFailed' };
  if (error.status === 0) return { kind: 'network' };
  if (error.code === 'RATE_LIMITED' || error.status === 429) return { kind: 'login', key: 'rateLimited' };
  if (error.code === INSUFFICIENT_PERMISSIONS) return { kind: 'login', key: 'insufficientPermissions' };
  if (error.code === 'INVALID_LOGIN_TOKEN') return { kind: 'login', key: 'invalidToken' };
  if (error.code === 'BAD_RESPONSE')
    return { kind: 'login', key: mode === 'password' ? 'badResponse' : 'noPermissionInfo' };
  if (error.status >= 500) return { kind: 'login', key: 'serverError' };
  if (mode === 'apikey') {
    return { kind: 'login', key: error.status === 401 || error.status === 403 ? 'keyInvalid' : 'keyValidationFailed' };
  }
  if (error.status === 401) return { kind: 'login', key: 'invalidCredentials' };
  return { kind: 'login', key: 'failed' };
}
