import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { createOfflineDb, type OfflineDb } from './db';
import { enqueue, retryEntry, type NewQueueEntry } from './queue';
import { backoffMs, replayQueue } from './replay';

let counter = 0;
const opened: OfflineDb[] = [];
function freshDb() {
  const db = createOfflineDb(`replay-db-${++counter}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** The network as the replay sees it: answers scripted per call, every request recorded. */
function network(answers: Array<(call: Call) => Response | Error>) {
  const calls: Call[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const call = {
      url,
      method: String(init.method),
      authorization: headers.get('authorization'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = (answers[calls.length - 1] ?? answers[answers.length - 1]!)(call);
    if (answer instanceof Error) throw answer;
    return answer;
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

const ok =
  (data: unknown = null) =>
  () =>
    new Response(JSON.stringify({ code: 200, message: 'ok', data, success: true }), { status: 200 });
const fail =
  (status: number, error: string, message = error) =>
  () =>
    new Response(JSON.stringify({ code: status, error, message, success: false }), { status });
const offline = () => () => new TypeError('Failed to fetch');

const entry = (over: Partial<NewQueueEntry> = {}): NewQueueEntry => ({
  type: 'createPaste',
  endpoint: 'http://app.test/api/paste',
  method: 'POST',
  data: { content: 'hello' },
  authToken: 'Bearer admin-token',
  authType: 'admin',
  ...over,
});

function recordSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
}

describe('offline queue replay', () => {
  it('replays in the order the writes were made, with the credentials they were made with, and removes each', async () => {
    const db = freshDb();
    await enqueue(entry({ data: { content: 'first' } }), db);
    await enqueue(entry({ type: 'updatePaste', endpoint: 'http://app.test/api/pastes/a', method: 'PUT' }), db);
    await enqueue(entry({ type: 'clearCache', endpoint: 'http://app.test/api/admin/cache/clear', data: {} }), db);
    const net = network([ok({ slug: 'new-slug' }), ok(), ok()]);

    const results = await replayQueue(db, { fetch: net.fetch });

    expect(net.calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST http://app.test/api/paste',
      'PUT http://app.test/api/pastes/a',
      'POST http://app.test/api/admin/cache/clear',
    ]);
    expect(net.calls.every((call) => call.authorization === 'Bearer admin-token')).toBe(true);
    expect(net.calls[0]?.body).toEqual({ content: 'first' });
    expect(results.map((result) => [result.type, result.ok])).toEqual([
      ['createPaste', true],
      ['updatePaste', true],
      ['clearCache', true],
    ]);
    expect(results[0]?.data).toEqual({ slug: 'new-slug' });
    expect(await db.offlineQueue.count()).toBe(0);
  });

  it('retries a write that got no answer with backoff (1 s, 2 s) and succeeds', async () => {
    const db = freshDb();
    await enqueue(entry(), db);
    const net = network([offline(), fail(503, 'INTERNAL'), ok({ slug: 's' })]);
    const clock = recordSleep();
    const results = await replayQueue(db, { fetch: net.fetch, sleep: clock.sleep });
    expect(net.calls).toHaveLength(3);
    expect(clock.waits).toEqual([1000, 2000]);
    expect(results).toMatchObject([{ ok: true }]);
    expect(await db.offlineQueue.count()).toBe(0);
    expect(backoffMs(10)).toBe(30_000);
  });

  it('keeps a write the server could not take after 3 tries and stops, so nothing later overtakes it', async () => {
    const db = freshDb();
    const first = await enqueue(entry(), db);
    await enqueue(entry({ type: 'clearCache' }), db);
    const net = network([fail(503, 'INTERNAL')]);
    const results = await replayQueue(db, { fetch: net.fetch, sleep: recordSleep().sleep });
    expect(net.calls).toHaveLength(3);
    expect(results).toMatchObject([{ id: first, ok: false, willRetry: true, error: { status: 503 } }]);
    const kept = await db.offlineQueue.get(first);
    expect(kept).toMatchObject({ status: 'pending', attempts: 3, lastError: { status: 503 } });
    expect(await db.offlineQueue.count()).toBe(2);

    // The next sync, with the server back, replays both in order.
    const back = network([ok(), ok()]);
    await replayQueue(db, { fetch: back.fetch });
    expect(back.calls.map((call) => call.url)).toEqual(['http://app.test/api/paste', 'http://app.test/api/paste']);
    expect(await db.offlineQueue.count()).toBe(0);
  });

  it('keeps writes refused for good (409 slug taken, 413 too large) with the reason, and goes on with the rest', async () => {
    const db = freshDb();
    const taken = await enqueue(entry({ data: { content: 'a', slug: 'taken' } }), db);
    const large = await enqueue(entry({ data: { content: 'x'.repeat(10) } }), db);
    await enqueue(entry({ type: 'clearExpiredPastes' }), db);
    const net = network([
      fail(409, 'SLUG_TAKEN', 'this link suffix is already taken'),
      fail(413, 'PAYLOAD_TOO_LARGE', 'content too large'),
      ok(),
    ]);
    const results = await replayQueue(db, { fetch: net.fetch, sleep: recordSleep().sleep });
    expect(net.calls).toHaveLength(3);
    expect(results.map((result) => [result.ok, result.error?.status, result.willRetry])).toEqual([
      [false, 409, undefined],
      [false, 413, undefined],
      [true, undefined, undefined],
    ]);
    expect(await db.offlineQueue.get(taken)).toMatchObject({
      status: 'failed',
      lastError: { status: 409, code: 'SLUG_TAKEN', message: 'this link suffix is already taken' },
    });
    expect(await db.offlineQueue.get(large)).toMatchObject({ status: 'failed', lastError: { status: 413 } });
    // A failed write waits for the user: the next sync does not send it again.
    const again = network([ok()]);
    expect(await replayQueue(db, { fetch: again.fetch })).toEqual([]);
    expect(again.calls).toHaveLength(0);

    // Fixed (another slug) and put back in line, it goes through.
    await retryEntry(
      taken,
      { authToken: 'Bearer admin-token', authType: 'admin', data: { content: 'a', slug: 'free' } },
      db,
    );
    const fixed = network([ok({ slug: 'free' })]);
    expect(await replayQueue(db, { fetch: fixed.fetch })).toMatchObject([{ id: taken, ok: true }]);
    expect(fixed.calls[0]?.body).toEqual({ content: 'a', slug: 'free' });
  });

  it('an expired sign-in (401) keeps the write; retried after signing in again, it carries the new credentials', async () => {
    const db = freshDb();
    const id = await enqueue(entry({ authToken: 'Bearer expired' }), db);
    const net = network([fail(401, 'UNAUTHORIZED', 'sign in again')]);
    expect(await replayQueue(db, { fetch: net.fetch })).toMatchObject([
      { id, ok: false, error: { status: 401, code: 'UNAUTHORIZED' } },
    ]);
    expect(net.calls).toHaveLength(1);
    expect(await db.offlineQueue.get(id)).toMatchObject({ status: 'failed', authToken: 'Bearer expired' });

    await retryEntry(id, { authToken: 'ApiKey fresh-key', authType: 'apikey' }, db);
    const back = network([ok({ slug: 'made' })]);
    expect(await replayQueue(db, { fetch: back.fetch })).toMatchObject([{ ok: true, data: { slug: 'made' } }]);
    expect(back.calls[0]?.authorization).toBe('ApiKey fresh-key');
  });

  it('treats an envelope that reports an error under HTTP 200 as that error', async () => {
    const db = freshDb();
    await enqueue(entry(), db);
    const net = network([
      () => new Response(JSON.stringify({ code: 409, error: 'SLUG_TAKEN', message: 'taken' }), { status: 200 }),
    ]);
    expect(await replayQueue(db, { fetch: net.fetch })).toMatchObject([{ ok: false, error: { status: 409 } }]);
  });
});
