import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fail, mockApi, ok, type RecordedRequest } from '../../test/http';
import { FakeServiceWorkerContainer, FakeWorker, installServiceWorker } from '../../test/service-worker';
import { offlineDb } from './db';
import { enqueue, listQueue, type NewQueueEntry } from './queue';
import type { SyncCompletedMessage } from './queue-types';
import { registerBackgroundSync, subscribeSyncResults, syncNow } from './sync';
import { installSyncHandlers } from './sync-worker';

/** Spec §7, §8, §9 by their names and values (literals: the test holds the spec's). */
const TAG = 'sync-offline-queue';
const SYNC_STATUS_TIMEOUT_MS = 5000;
const API = 'http://localhost:3000/api';

const entry = (over: Partial<NewQueueEntry> = {}): NewQueueEntry => ({
  type: 'createPaste',
  endpoint: `${API}/paste`,
  method: 'POST',
  data: { content: 'written on a train' },
  authToken: 'Bearer admin-token',
  authType: 'admin',
  ...over,
});

/** The server: a created paste, a cleared cache, and a down server for anything under /api/flaky. */
function server(): RecordedRequest[] {
  return mockApi({
    [`POST ${API}/paste`]: () => ok({ slug: 'train' }, 201),
    [`POST ${API}/admin/cache/clear`]: () => ok(null),
    [`POST ${API}/flaky`]: () => fail(503, 'SERVICE_UNAVAILABLE'),
  });
}

/** An event handed to the worker; `waitUntil` collects what it must wait for. */
function extendable<T extends object>(type: string, props: T) {
  const waits: Promise<unknown>[] = [];
  const event = Object.assign(new Event(type), props, {
    waitUntil: (promise: Promise<unknown>) => waits.push(promise),
  });
  return { event, waits };
}

/**
 * The browser around our worker script: its global scope (an EventTarget with `clients`) and two open
 * windows, whose messages reach the page's `navigator.serviceWorker` when `page` is given.
 */
function workerScope(page?: FakeServiceWorkerContainer) {
  const posted: unknown[][] = [[], []];
  const windows = posted.map((inbox) => ({
    postMessage: (data: unknown) => {
      inbox.push(data);
      if (inbox === posted[0]) page?.dispatchEvent(new MessageEvent('message', { data }));
    },
  }));
  const matchAll = vi.fn(async () => windows);
  const scope = Object.assign(new EventTarget(), { clients: { matchAll } });
  installSyncHandlers(scope as unknown as ServiceWorkerGlobalScope);
  return {
    posted,
    matchAll,
    sync: (tag: string) => {
      const { event, waits } = extendable('sync', { tag });
      scope.dispatchEvent(event);
      return waits;
    },
    message: (data: unknown) => {
      const { event, waits } = extendable('message', { data });
      scope.dispatchEvent(event);
      return waits;
    },
  };
}

/** A page with Background Sync whose `register` the test watches (and may answer as the browser would). */
function pageWithSync(onRegister: (tag: string) => void = () => undefined) {
  const browser = installServiceWorker(new FakeServiceWorkerContainer().controlledBy(new FakeWorker()));
  const tags: string[] = [];
  browser.registration.sync = {
    tags,
    register: async (tag: string) => {
      tags.push(tag);
      onRegister(tag);
    },
  };
  return { browser, tags };
}

/** What the app hears of syncs (after the page's `navigator.serviceWorker` is in place). */
function collectResults(): SyncCompletedMessage[] {
  const messages: SyncCompletedMessage[] = [];
  onTestFinished(subscribeSyncResults((message) => messages.push(message)));
  return messages;
}

/** Yields on the real clock (IndexedDB runs there) until `done`. */
async function until(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 2000 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Settles a promise that waits on faked timers (the replay's backoff), running each timer as it comes. */
async function runOut(promise: Promise<unknown>): Promise<'resolved' | 'rejected'> {
  let outcome: 'resolved' | 'rejected' | undefined;
  promise.then(
    () => (outcome = 'resolved'),
    () => (outcome = 'rejected'),
  );
  for (let turn = 0; turn < 2000 && !outcome; turn++) {
    if (vi.getTimerCount() > 0) vi.advanceTimersToNextTimer();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return outcome ?? 'resolved';
}

const pending = async () => (await listQueue()).filter((queued) => queued.status === 'pending').length;

afterEach(async () => {
  vi.useRealTimers();
  await offlineDb().offlineQueue.clear();
});

describe('Background Sync from the page (sync.ts)', () => {
  it('registers the sync tagged sync-offline-queue where a worker controls the page and the browser has it', async () => {
    const { tags } = pageWithSync();
    expect(await registerBackgroundSync()).toBe(true);
    expect(tags).toEqual([TAG]);
  });

  it('replays in the page at once where the browser has no Background Sync, and tells the app', async () => {
    installServiceWorker(new FakeServiceWorkerContainer().controlledBy(new FakeWorker()));
    const messages = collectResults();
    const requests = server();
    await enqueue(entry());
    expect(await registerBackgroundSync()).toBe(false);

    await syncNow();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([`POST ${API}/paste`]);
    expect(requests[0]!.headers.Authorization).toBe('Bearer admin-token');
    expect(await listQueue()).toEqual([]);
    expect(messages).toEqual([
      {
        type: 'PWA_SYNC_COMPLETED',
        results: [{ id: expect.any(Number), type: 'createPaste', ok: true, data: { slug: 'train' } }],
        pasteOperationSucceeded: true,
      },
    ]);
  });

  it('replays in the page when the worker has not emptied the queue within 5 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { tags } = pageWithSync();
    const messages = collectResults();
    const requests = server();
    await enqueue(entry());

    const done = syncNow();
    await until(() => tags.length === 1 && vi.getTimerCount() === 1);
    await vi.advanceTimersByTimeAsync(SYNC_STATUS_TIMEOUT_MS - 1);
    await until(() => requests.length > 0);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(requests).toHaveLength(1);
    expect(await listQueue()).toEqual([]);
    expect(messages.map((message) => message.pasteOperationSucceeded)).toEqual([true]);
  });

  it('leaves the replay to the worker when it empties the queue in time: each write sent once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let replayed: Promise<unknown>[] = [];
    const { browser } = pageWithSync((tag) => void (replayed = worker.sync(tag)));
    const worker = workerScope(browser);
    const messages = collectResults();
    const requests = server();
    await enqueue(entry());

    const done = syncNow();
    await until(() => replayed.length === 1);
    await Promise.all(replayed);
    await vi.advanceTimersByTimeAsync(SYNC_STATUS_TIMEOUT_MS);
    await done;
    expect(requests).toHaveLength(1);
    // The app heard of it once, from the worker's message.
    expect(messages).toHaveLength(1);
    expect(messages[0]!.results[0]).toMatchObject({ type: 'createPaste', ok: true });
  });

  it('does nothing when nothing is pending', async () => {
    const { tags } = pageWithSync();
    const requests = server();
    await syncNow();
    expect(tags).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe('Background Sync in the worker (sync-worker.ts)', () => {
  it('ignores other sync tags', async () => {
    const worker = workerScope();
    const requests = server();
    await enqueue(entry());
    expect(worker.sync('some-other-sync')).toEqual([]);
    await until(() => requests.length > 0);
    expect(requests).toEqual([]);
    expect(await pending()).toBe(1);
  });

  it('replays on sync-offline-queue and posts the results to every window', async () => {
    const worker = workerScope();
    const requests = server();
    await enqueue(entry());
    await enqueue(entry({ type: 'clearCache', endpoint: `${API}/admin/cache/clear`, data: {} }));

    const waits = worker.sync(TAG);
    expect(waits).toHaveLength(1);
    await expect(waits[0]).resolves.toBeUndefined();
    expect(requests.map((request) => request.url)).toEqual([`${API}/paste`, `${API}/admin/cache/clear`]);
    expect(await listQueue()).toEqual([]);
    expect(worker.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
    const expected = {
      type: 'PWA_SYNC_COMPLETED',
      results: [
        { id: expect.any(Number), type: 'createPaste', ok: true, data: { slug: 'train' } },
        { id: expect.any(Number), type: 'clearCache', ok: true, data: null },
      ],
      pasteOperationSucceeded: true,
    };
    expect(worker.posted).toEqual([[expected], [expected]]);
  });

  it('says no paste operation succeeded when only other writes did', async () => {
    const worker = workerScope();
    server();
    await enqueue(entry({ type: 'clearCache', endpoint: `${API}/admin/cache/clear`, data: {} }));
    await Promise.all(worker.sync(TAG));
    expect(worker.posted[0]).toMatchObject([{ type: 'PWA_SYNC_COMPLETED', pasteOperationSucceeded: false }]);
  });

  it('rejects the sync while a write will be retried, so the browser tries again later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const worker = workerScope();
    const requests = server();
    await enqueue(entry({ type: 'updatePaste', endpoint: `${API}/flaky`, method: 'POST' }));
    await enqueue(entry());

    const [waited] = worker.sync(TAG);
    expect(await runOut(waited!)).toBe('rejected');
    // Tried three times, the later write not sent (it must not overtake), both still queued.
    expect(requests.map((request) => request.url)).toEqual([`${API}/flaky`, `${API}/flaky`, `${API}/flaky`]);
    expect(await pending()).toBe(2);
    expect(worker.posted[0]).toMatchObject([
      { results: [{ type: 'updatePaste', ok: false, willRetry: true }], pasteOperationSucceeded: false },
    ]);
  });

  it('replays when a page asks with PWA_SYNC_NOW, and only then', async () => {
    const worker = workerScope();
    const requests = server();
    await enqueue(entry());
    expect(worker.message({ type: 'WARM_CACHE' })).toEqual([]);
    expect(worker.message(null)).toEqual([]);
    await Promise.all(worker.message({ type: 'PWA_SYNC_NOW' }));
    expect(requests).toHaveLength(1);
    expect(worker.posted[1]).toMatchObject([{ type: 'PWA_SYNC_COMPLETED', pasteOperationSucceeded: true }]);
  });
});
