import { z } from 'zod';
import { LoginResult, TestApiKeyResult, fromPermissionObject, type LoginBody } from '@driftbox/contract';
import { apiRequest } from '../api/api-client';
import { ApiError, isApiError } from '../api/api-error';
import { keyCanSignIn } from './admin-access';
import {
  authorizationFor,
  endSession,
  getAuthState,
  markValidated,
  needsRevalidation,
  startAdminSession,
  startApiKeySession,
} from './auth-store';

/** Client code for a valid key that may not use the panel (spec §8 "insufficient API key permissions"). */
export const INSUFFICIENT_PERMISSIONS = 'INSUFFICIENT_PERMISSIONS';

/** Admin login: `POST /api/admin/login`, then the token becomes the session. */
export async function loginAdmin(body: LoginBody): Promise<LoginResult> {
  const result = await apiRequest('/admin/login', { method: 'POST', body, schema: LoginResult, authorization: null });
  // Spec §8 "invalid login token": a success answer without a usable token is a bad answer, not a login.
  if (!result.token) throw new ApiError({ status: 200, code: 'INVALID_LOGIN_TOKEN', message: 'invalid login token' });
  startAdminSession(result.token);
  return result;
}

/** `GET /api/test/api-key` with an explicit key; returns what the server knows about it. */
export function testApiKey(key: string): Promise<TestApiKeyResult> {
  return apiRequest('/test/api-key', { schema: TestApiKeyResult, authorization: `ApiKey ${key}` });
}

/**
 * API-key login (spec §4): verify the key first, then store its permissions and info. A key with
 * no share or manage bit (TEXT, FILE_SHARE, TEXT_MANAGE, FILE_MANAGE) cannot use the web app and is not stored.
 */
export async function loginWithApiKey(key: string): Promise<TestApiKeyResult> {
  const result = await testApiKey(key.trim());
  const permissions = fromPermissionObject(result.permissions);
  if (!keyCanSignIn(permissions)) {
    throw new ApiError({ status: 403, code: INSUFFICIENT_PERMISSIONS, message: 'insufficient API key permissions' });
  }
  startApiKeySession(key.trim(), permissions, { ...result.key_info, name: result.key_info.name || result.name });
  return result;
}

/**
 * Logout: reset locally first, then tell the server (admins only). Sending the old token after the
 * reset means a 401 for an already-dead token (e.g. after a password change) cannot look like an expiry.
 */
export async function logout(): Promise<void> {
  const current = getAuthState();
  endSession('logout');
  if (current.kind !== 'admin') return;
  const authorization = authorizationFor(current);
  await apiRequest('/admin/logout', { method: 'POST', schema: z.unknown(), authorization }).catch(() => undefined);
}

/** The admin may have changed the key's bits since login: keep the stored copy current. */
function refreshKeySession(key: string, result: TestApiKeyResult): void {
  const current = getAuthState();
  const permissions = fromPermissionObject(result.permissions);
  if (current.kind === 'apikey' && current.key === key && current.permissions === permissions) {
    markValidated(Date.now());
    return;
  }
  startApiKeySession(key, permissions, { ...result.key_info, name: result.key_info.name || result.name });
}

let inFlight: Promise<void> | null = null;

/**
 * Re-validates the stored credential when the last check is absent or older than 5 minutes (spec §4).
 * A 401 ends the session through the api client; network trouble keeps it (offline is not logged out).
 */
export function revalidateSession(now: number = Date.now()): Promise<void> {
  if (!needsRevalidation(now)) return Promise.resolve();
  if (inFlight) return inFlight;
  const current = getAuthState();
  const check =
    current.kind === 'admin'
      ? apiRequest('/test/admin-token', { schema: z.unknown() }).then(() => markValidated(Date.now()))
      : current.kind === 'apikey'
        ? testApiKey(current.key).then((result) => refreshKeySession(current.key, result))
        : Promise.resolve();
  inFlight = check
    .catch((error: unknown) => {
      if (isApiError(error) && (error.status === 401 || error.status === 403) && getAuthState() === current) {
        endSession('expired');
      }
    })
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}
