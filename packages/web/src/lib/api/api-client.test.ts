import 'fake-indexeddb/auto';
import { AUTH_EVENTS, STORAGE_KEYS } from '@driftbox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fail, mockApi, ok } from '../../test/http';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { getAuthState, startAdminSession } from '../auth/auth-store';
import { errorMessage } from './error-message';
import { i18n } from '../site/i18n';
import { offlineDb } from '../offline/db';
import { listQueue } from '../offline/queue';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('unwraps the envelope, validates data and sends the session header', async () => {
    startAdminSession('tok-1');
    const requests = mockApi({ 'GET /api/version': () => ok({ version: '1.0.0' }) });
    const data = await apiRequest('/version', { schema: z.object({ version: z.string() }) });
    expect(data).toEqual({ version: '1.0.0' });
    expect(requests[0]?.headers.Authorization).toBe('Bearer tok-1');
  });

  it("tells the server the page's language on every call, whatever the browser prefers", async () => {
    const before = i18n.language;
    const requests = mockApi({ 'GET /api/version': () => ok({ version: '1.0.0' }) });
    try {
      await i18n.changeLanguage('zh-CN');
      await apiRequest('/version', { schema: z.unknown() });
      await i18n.changeLanguage('en');
      await apiRequest('/version', { schema: z.unknown() });
    } finally {
      await i18n.changeLanguage(before);
    }
    expect(requests.map((r) => r.headers['X-Language'])).toEqual(['zh-CN', 'en']);
  });

  it("keeps the server's own message so a refusal can say why, not just its code", async () => {
    mockApi({
      'POST /api/url/info': () =>
        fail(400, 'BAD_REQUEST', 'The URL could not be fetched: the host name does not resolve'),
    });
    const error = await caught(apiRequest('/url/info', { method: 'POST', body: {}, schema: z.unknown() }));
    expect(errorMessage(error)).toBe('The request was not valid');
    expect(errorMessage(error, { preferServer: true })).toBe(
      'The URL could not be fetched: the host name does not resolve',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const offline = await caught(apiRequest('/x', { schema: z.unknown() }));
    expect(errorMessage(offline, { preferServer: true })).toBe(
      'Network connection failed, check your network settings',
    );
  });

  it('turns an error envelope into ApiError with code, message, details and request id', async () => {
    mockApi({
      'POST /api/admin/api-keys': () => fail(409, 'NAME_TAKEN', 'name exists', [{ path: 'name', message: 'taken' }]),
    });
    const error = await caught(apiRequest('/admin/api-keys', { method: 'POST', body: {}, schema: z.unknown() }));
    expect(error).toMatchObject({ status: 409, code: 'NAME_TAKEN', message: 'name exists', requestId: 'req-1' });
    expect(error.details).toEqual([{ path: 'name', message: 'taken' }]);
  });

  it("reports a non-JSON error as 'HTTP error {status}: {statusText}'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' })),
    );
    const error = await caught(apiRequest('/health', { schema: z.unknown() }));
    expect(error.message).toBe('HTTP error 502: Bad Gateway');
    expect(error.status).toBe(502);
  });

  it("treats a body code other than 200/201/202 as a failure ('request failed' without a message)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 400, success: false }), { status: 200 })),
    );
    const error = await caught(apiRequest('/x', { schema: z.unknown() }));
    expect(error).toMatchObject({ code: 'REQUEST_FAILED', message: 'request failed', status: 400 });
  });

  it('maps a network failure, a caller abort and the 30 s timeout to their own codes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await caught(apiRequest('/x', { schema: z.unknown() }))).toMatchObject({
      code: 'NETWORK',
      message: 'network connection failed, check network settings',
      status: 0,
    });

    // A fetch that only settles when its signal aborts, like a stalled server.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) =>
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
          ),
      ),
    );
    const controller = new AbortController();
    const aborted = apiRequest('/x', { schema: z.unknown(), signal: controller.signal });
    controller.abort();
    expect(await caught(aborted)).toMatchObject({ code: 'ABORTED', message: 'request cancelled or timed out' });

    vi.useFakeTimers();
    const slow = caught(apiRequest('/x', { schema: z.unknown() }));
    await vi.advanceTimersByTimeAsync(29_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await slow).toMatchObject({ code: 'TIMEOUT', message: 'request timed out, server took too long' });
  });

  it('rejects data that does not match the schema as BAD_RESPONSE', async () => {
    mockApi({ 'GET /api/version': () => ok({ nope: true }) });
    expect(await caught(apiRequest('/version', { schema: z.object({ version: z.string() }) }))).toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  it('ends the session on a 401 for the current credential and fires the events', async () => {
    startAdminSession('tok-1');
    const fired: string[] = [];
    for (const name of Object.values(AUTH_EVENTS)) window.addEventListener(name, () => fired.push(name));
    mockApi({ 'GET /api/admin/api-keys': () => fail(401, 'UNAUTHORIZED') });
    await caught(apiRequest('/admin/api-keys', { schema: z.unknown() }));
    expect(getAuthState()).toEqual({ kind: 'none' });
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull();
    expect(fired).toEqual([AUTH_EVENTS.stateChanged, AUTH_EVENTS.adminTokenExpired]);
  });

  it('keeps the session on a 401 that answers a password check (WRONG_PASSWORD)', async () => {
    startAdminSession('tok-1');
    mockApi({ 'POST /api/admin/change-password': () => fail(401, 'WRONG_PASSWORD') });
    await caught(apiRequest('/admin/change-password', { method: 'POST', body: {}, schema: z.unknown() }));
    expect(getAuthState()).toEqual({ kind: 'admin', token: 'tok-1' });
  });

  it('keeps the session when a 401 answers a different credential (e.g. checking a key before login)', async () => {
    startAdminSession('tok-1');
    mockApi({ 'GET /api/test/api-key': () => fail(401, 'API_KEY_INVALID') });
    await caught(apiRequest('/test/api-key', { schema: z.unknown(), authorization: 'ApiKey other' }));
    expect(getAuthState().kind).toBe('admin');
  });
});

describe('apiRequest offline (spec §4 offline queue)', () => {
  afterEach(async () => {
    Reflect.deleteProperty(navigator, 'onLine');
    await offlineDb().offlineQueue.clear();
  });

  it('queues a queueable write with the credentials it was made with and says so; other calls fail as before', async () => {
    startAdminSession('tok-offline');
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    const requests = mockApi({});
    const body = { content: 'on a train' };
    const queued = await caught(
      apiRequest('/paste', { method: 'POST', body, schema: z.unknown(), offline: 'createPaste' }),
    );
    expect(queued.code).toBe('QUEUED_OFFLINE');
    expect(requests).toEqual([]);
    expect(await listQueue()).toEqual([
      expect.objectContaining({
        id: queued.queueId,
        type: 'createPaste',
        // The app's own backend: relative, resolved by the page or the worker against the app's origin.
        endpoint: '/api/paste',
        method: 'POST',
        data: body,
        authToken: 'Bearer tok-offline',
        authType: 'admin',
        language: 'en',
        status: 'pending',
      }),
    ]);
    // A write the queue does not hold goes to the network as ever.
    expect((await caught(apiRequest('/admin/api-keys', { method: 'POST', body, schema: z.unknown() }))).code).not.toBe(
      'QUEUED_OFFLINE',
    );
    expect(await listQueue()).toHaveLength(1);
  });

  it('queues a write whose request fails for want of a network while the browser thought it was online', async () => {
    startAdminSession('tok-offline');
    mockApi({
      'PUT /api/pastes/abc': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const queued = await caught(
      apiRequest('/pastes/abc', { method: 'PUT', body: { content: 'x' }, schema: z.unknown(), offline: 'updatePaste' }),
    );
    expect(queued.code).toBe('QUEUED_OFFLINE');
    expect(await listQueue()).toMatchObject([{ type: 'updatePaste', method: 'PUT', authToken: 'Bearer tok-offline' }]);
  });
});
