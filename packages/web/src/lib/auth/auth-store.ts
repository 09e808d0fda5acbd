import { useSyncExternalStore } from 'react';
import {
  AUTH_EVENTS,
  AUTH_REVALIDATE_MS,
  PERMISSION_OBJECT_KEYS,
  STORAGE_KEYS,
  fromPermissionObject,
  toPermissionObject,
  type KeyInfo,
  type PermissionObject,
} from '@driftbox/contract';
import { readStorage, readStorageJson, removeStorage, writeStorage } from '../browser-storage';
import { isBoolean, isNumber, isString, nullable, objectCheck, objectSchema, optional } from '../api/checks';

// The stored key session, checked without zod: every page reads it first (issue 30).
const isPermissionObject = objectCheck<PermissionObject>(
  Object.fromEntries(Object.keys(PERMISSION_OBJECT_KEYS).map((key) => [key, isBoolean])) as Record<
    keyof PermissionObject,
    typeof isBoolean
  >,
);
const KeyInfoSchema = objectSchema<KeyInfo>({
  id: isString,
  name: isString,
  basic_path: isString,
  role: optional(isString),
  is_guest: optional(isNumber),
  expires_at: optional(nullable(isString)),
});

/**
 * The one global client store (STYLE §25): who is signed in. Spec §4: none | admin | apikey, persisted
 * in localStorage under the spec's keys so a reload keeps the session.
 */
export type AuthState =
  | { kind: 'none' }
  | { kind: 'admin'; token: string }
  | { kind: 'apikey'; key: string; permissions: number; info: KeyInfo };

/** Why a session ended: a deliberate logout, or the server refusing the credential. */
export type AuthEndReason = 'logout' | 'expired';

const NONE: AuthState = { kind: 'none' };
const listeners = new Set<() => void>();
let state: AuthState = readPersisted();

function readPersisted(): AuthState {
  const token = readStorage(STORAGE_KEYS.adminToken);
  if (token) return { kind: 'admin', token };
  const key = readStorage(STORAGE_KEYS.apiKey);
  if (!key) return NONE;
  const permissions = readStorageJson(STORAGE_KEYS.apiKeyPermissions);
  const info = KeyInfoSchema.safeParse(readStorageJson(STORAGE_KEYS.apiKeyInfo));
  // Half-written key sessions are useless (no permissions to filter the UI by): treat them as signed out.
  if (!isPermissionObject(permissions) || !info.success) return NONE;
  return {
    kind: 'apikey',
    key,
    permissions: fromPermissionObject(permissions as PermissionObject),
    info: info.data,
  };
}

function clearPersisted(): void {
  for (const key of [
    STORAGE_KEYS.adminToken,
    STORAGE_KEYS.apiKey,
    STORAGE_KEYS.apiKeyPermissions,
    STORAGE_KEYS.apiKeyInfo,
    STORAGE_KEYS.authValidatedAt,
  ]) {
    removeStorage(key);
  }
}

function setState(next: AuthState): void {
  state = next;
  for (const listener of listeners) listener();
  window.dispatchEvent(new CustomEvent(AUTH_EVENTS.stateChanged, { detail: { kind: next.kind } }));
}

export function getAuthState(): AuthState {
  return state;
}

export function subscribeAuth(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React binding for the auth store. */
export function useAuth(): AuthState {
  return useSyncExternalStore(subscribeAuth, getAuthState, getAuthState);
}

/** The Authorization header value for the current session, if any (ARCHITECTURE §4). */
export function authorizationFor(current: AuthState): string | undefined {
  if (current.kind === 'admin') return `Bearer ${current.token}`;
  if (current.kind === 'apikey') return `ApiKey ${current.key}`;
  return undefined;
}

/** Stores a fresh admin session; a login counts as a validation. */
export function startAdminSession(token: string, now: number = Date.now()): void {
  clearPersisted();
  writeStorage(STORAGE_KEYS.adminToken, token);
  writeStorage(STORAGE_KEYS.authValidatedAt, String(now));
  setState({ kind: 'admin', token });
}

/** Stores a verified API-key session: the key, its permissions (object form) and its info. */
export function startApiKeySession(key: string, permissions: number, info: KeyInfo, now: number = Date.now()): void {
  clearPersisted();
  writeStorage(STORAGE_KEYS.apiKey, key);
  writeStorage(STORAGE_KEYS.apiKeyPermissions, JSON.stringify(toPermissionObject(permissions)));
  writeStorage(STORAGE_KEYS.apiKeyInfo, JSON.stringify(info));
  writeStorage(STORAGE_KEYS.authValidatedAt, String(now));
  setState({ kind: 'apikey', key, permissions, info });
}

/** Records a successful server-side check of the current credential. */
export function markValidated(now: number = Date.now()): void {
  writeStorage(STORAGE_KEYS.authValidatedAt, String(now));
}

/** Spec §4: re-validate when the last validation is absent or older than 5 minutes. */
export function needsRevalidation(now: number = Date.now()): boolean {
  if (state.kind === 'none') return false;
  const at = Number(readStorage(STORAGE_KEYS.authValidatedAt));
  if (!Number.isFinite(at) || at <= 0) return true;
  return now - at > AUTH_REVALIDATE_MS;
}

/**
 * Ends the session (spec §4): state none, keys cleared, `auth-state-changed` fired, then the
 * kind-specific event (`admin-token-expired` or `api-key-invalid`) with `detail.reason`, so listeners
 * can tell a deliberate logout from a refused credential — only the latter shows the §8 message.
 */
export function endSession(reason: AuthEndReason): void {
  const previous = state;
  clearPersisted();
  if (previous.kind === 'none') return;
  setState(NONE);
  const event = previous.kind === 'admin' ? AUTH_EVENTS.adminTokenExpired : AUTH_EVENTS.apiKeyInvalid;
  window.dispatchEvent(new CustomEvent<AuthEndDetail>(event, { detail: { reason } }));
}

/** `detail` of the kind-specific events fired when a session ends. */
export interface AuthEndDetail {
  reason: AuthEndReason;
}

/** Keeps tabs in step: a login or logout in another tab rewrites localStorage. */
function onStorage(event: StorageEvent): void {
  if (event.key !== null && !Object.values(STORAGE_KEYS).includes(event.key as never)) return;
  const next = readPersisted();
  if (authorizationFor(next) === authorizationFor(state)) return;
  setState(next);
}

if (typeof window !== 'undefined') window.addEventListener('storage', onStorage);

/** Test hook: re-reads localStorage as a fresh page load would. */
export function reloadAuthFromStorage(): void {
  state = readPersisted();
  for (const listener of listeners) listener();
}
