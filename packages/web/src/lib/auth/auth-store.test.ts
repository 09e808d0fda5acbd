import { AUTH_EVENTS, AUTH_REVALIDATE_MS, Permission, STORAGE_KEYS, type TestApiKeyResult } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../test/http';
import { keyPermissions } from './auth.test-support';
import { loginAdmin, loginWithApiKey, logout, revalidateSession } from './auth-session';
import { getAuthState, needsRevalidation, reloadAuthFromStorage, startAdminSession } from './auth-store';

const keyResult = (overrides: Partial<TestApiKeyResult['permissions']> = {}): TestApiKeyResult => ({
  name: 'laptop',
  basic_path: '/docs',
  permissions: keyPermissions(overrides),
  key_info: { id: 'k1', name: 'laptop', basic_path: '/docs', role: 'GENERAL', is_guest: 0, expires_at: null },
});

function recordEvents(): string[] {
  const fired: string[] = [];
  const listeners = Object.values(AUTH_EVENTS).map((name) => {
    const listener = () => fired.push(name);
    window.addEventListener(name, listener);
    return () => window.removeEventListener(name, listener);
  });
  cleanups.push(...listeners);
  return fired;
}

const cleanups: (() => void)[] = [];

beforeEach(() => {
  localStorage.clear();
  reloadAuthFromStorage();
});

afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  vi.useRealTimers();
});

describe('login', () => {
  it('admin login stores the token and a validation time', async () => {
    const requests = mockApi({
      'POST /api/admin/login': () => ok({ username: 'admin', token: 'tok-9', expiresAt: '2030-01-01T00:00:00.000Z' }),
    });
    await loginAdmin({ username: 'admin', password: 'secret-pass' });
    expect(requests[0]?.body).toEqual({ username: 'admin', password: 'secret-pass' });
    expect(requests[0]?.headers.Authorization).toBeUndefined();
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('tok-9');
    expect(localStorage.getItem(STORAGE_KEYS.authValidatedAt)).not.toBeNull();
    expect(getAuthState()).toEqual({ kind: 'admin', token: 'tok-9' });
  });

  it('API-key login verifies the key, then stores key, permissions (object form) and info', async () => {
    const requests = mockApi({ 'GET /api/test/api-key': () => ok(keyResult()) });
    await loginWithApiKey('  my-key-123  ');
    expect(requests[0]?.headers.Authorization).toBe('ApiKey my-key-123');
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBe('my-key-123');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.apiKeyPermissions) ?? '{}')).toMatchObject({
      text: true,
      file: false,
      mount_view: true,
    });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.apiKeyInfo) ?? '{}')).toMatchObject({
      id: 'k1',
      name: 'laptop',
    });
    expect(getAuthState()).toMatchObject({ kind: 'apikey', permissions: Permission.TEXT | Permission.MOUNT_VIEW });

    // A reload reads the same session back.
    reloadAuthFromStorage();
    expect(getAuthState()).toMatchObject({ kind: 'apikey', key: 'my-key-123', info: { name: 'laptop' } });
  });

  it('refuses a key without a share or manage bit and stores nothing', async () => {
    mockApi({ 'GET /api/test/api-key': () => ok(keyResult({ text: false, file: false })) });
    await expect(loginWithApiKey('mount-only')).rejects.toMatchObject({ code: 'INSUFFICIENT_PERMISSIONS' });
    expect(localStorage.getItem(STORAGE_KEYS.apiKey)).toBeNull();
    expect(getAuthState().kind).toBe('none');
  });
});

describe('session end', () => {
  it('logout calls the server for admins, clears every key and fires the events with reason logout', async () => {
    startAdminSession('tok-1');
    const fired = recordEvents();
    const reasons: unknown[] = [];
    const onExpired = (event: Event) => reasons.push((event as CustomEvent<{ reason: string }>).detail.reason);
    window.addEventListener(AUTH_EVENTS.adminTokenExpired, onExpired);
    cleanups.push(() => window.removeEventListener(AUTH_EVENTS.adminTokenExpired, onExpired));
    const requests = mockApi({ 'POST /api/admin/logout': () => ok(null) });
    await logout();
    expect(reasons).toEqual(['logout']);
    expect(requests.map((r) => `${r.method} ${r.url} ${r.headers.Authorization}`)).toEqual([
      'POST /api/admin/logout Bearer tok-1',
    ]);
    expect(getAuthState().kind).toBe('none');
    const { adminToken, apiKey, apiKeyPermissions, apiKeyInfo, authValidatedAt } = STORAGE_KEYS;
    for (const key of [adminToken, apiKey, apiKeyPermissions, apiKeyInfo, authValidatedAt])
      expect(localStorage.getItem(key)).toBeNull();
    expect(fired).toEqual([AUTH_EVENTS.stateChanged, AUTH_EVENTS.adminTokenExpired]);
  });

  it('a 401 on an API-key session clears it and fires api-key-invalid', async () => {
    mockApi({ 'GET /api/test/api-key': () => ok(keyResult()) });
    await loginWithApiKey('k');
    const fired = recordEvents();
    mockApi({ 'GET /api/test/api-key': () => fail(401, 'API_KEY_INVALID') });
    vi.useFakeTimers({ now: Date.now() + AUTH_REVALIDATE_MS + 1 });
    await revalidateSession();
    expect(getAuthState().kind).toBe('none');
    expect(localStorage.getItem(STORAGE_KEYS.apiKeyPermissions)).toBeNull();
    expect(fired).toEqual([AUTH_EVENTS.stateChanged, AUTH_EVENTS.apiKeyInvalid]);
  });
});

describe('re-validation (spec §4: absent or older than 5 minutes)', () => {
  it('checks only when the last validation is older than 5 minutes', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T10:00:00Z') });
    startAdminSession('tok-1');
    const requests = mockApi({ 'GET /api/test/admin-token': () => ok(null) });

    vi.setSystemTime(new Date('2026-01-01T10:04:59Z'));
    await revalidateSession();
    expect(requests).toHaveLength(0);

    vi.setSystemTime(new Date('2026-01-01T10:05:01Z'));
    expect(needsRevalidation()).toBe(true);
    await revalidateSession();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.Authorization).toBe('Bearer tok-1');
    expect(needsRevalidation()).toBe(false);
    expect(getAuthState().kind).toBe('admin');
  });

  it('checks when no validation time is stored, and an expired token ends the session', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'old');
    reloadAuthFromStorage();
    expect(needsRevalidation()).toBe(true);
    const fired = recordEvents();
    mockApi({ 'GET /api/test/admin-token': () => fail(401, 'TOKEN_EXPIRED') });
    await revalidateSession();
    expect(getAuthState().kind).toBe('none');
    expect(fired).toEqual([AUTH_EVENTS.stateChanged, AUTH_EVENTS.adminTokenExpired]);
  });

  it('keeps the session when the server cannot be reached', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'tok');
    reloadAuthFromStorage();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    await revalidateSession();
    expect(getAuthState()).toEqual({ kind: 'admin', token: 'tok' });
    expect(needsRevalidation()).toBe(true);
  });
});
