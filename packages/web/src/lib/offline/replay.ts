/**
 * Replays the offline queue in order (spec §7 "Offline replay"), in the worker (Background Sync) or in
 * the page (the `online` event where the browser has no Background Sync). Per entry:
 * - success → removed, its answer's data in the result;
 * - refused for good (a 4xx but 408/429: 401 signed out or key expired, 409 slug taken, 413 too large…)
 *   → kept as `failed` with the reason, for the user to fix or discard; the replay goes on;
 * - no answer, 5xx, 408 or 429 → tried again with backoff (1 s, doubling, at most 30 s) up to `maxTries`,
 *   then left `pending` and the replay stops, so later writes never overtake it.
 * One replay at a time across the page and the worker (Web Locks where present).
 */
import { SUCCESS_CODES } from '@driftbox/contract';
import type { OfflineDb } from './db';
import type { QueueEntry, QueueFailure, ReplayResult } from './queue-types';

export interface ReplayOptions {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Tries per entry in one replay (the original: 3). */
  maxTries?: number;
}

export const LOCK_NAME = 'driftbox-offline-queue';

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 1 s, 2 s, 4 s … capped at 30 s. */
export function backoffMs(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}

export function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

type Outcome = { ok: true; data: unknown } | { ok: false; error: QueueFailure };

async function send(entry: QueueEntry, fetchFn: typeof fetch): Promise<Outcome> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (entry.authToken) headers.Authorization = entry.authToken;
  if (entry.language) headers['X-Language'] = entry.language;
  if (entry.data !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetchFn(entry.endpoint, {
      method: entry.method,
      headers,
      body: entry.data === undefined ? undefined : JSON.stringify(entry.data),
    });
  } catch {
    return { ok: false, error: { status: 0, code: 'NETWORK', message: 'network connection failed' } };
  }
  let body: { code?: number; data?: unknown; error?: string; message?: string } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  const envelopeOk = body?.code === undefined || (SUCCESS_CODES as readonly number[]).includes(body.code);
  if (response.ok && envelopeOk) return { ok: true, data: body?.data };
  const status = response.ok && body?.code ? body.code : response.status;
  return {
    ok: false,
    error: { status, code: body?.error ?? `HTTP_${status}`, message: body?.message ?? response.statusText },
  };
}

/** Replays every pending entry, oldest first. Failed entries wait for the user, not for a replay. */
export async function replayQueue(db: OfflineDb, options: ReplayOptions = {}): Promise<ReplayResult[]> {
  const fetchFn = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxTries = options.maxTries ?? 3;
  const pending = await db.offlineQueue.where('status').equals('pending').sortBy('id');
  const results: ReplayResult[] = [];
  for (const entry of pending) {
    const id = entry.id as number;
    let outcome: Outcome | undefined;
    let attempts = entry.attempts;
    for (let tries = 1; tries <= maxTries; tries++) {
      attempts++;
      outcome = await send(entry, fetchFn);
      if (outcome.ok || !isTransient(outcome.error.status)) break;
      if (tries < maxTries) await sleep(backoffMs(tries));
    }
    if (!outcome) break;
    if (outcome.ok) {
      await db.offlineQueue.delete(id);
      results.push({ id, type: entry.type, ok: true, data: outcome.data });
      continue;
    }
    if (isTransient(outcome.error.status)) {
      await db.offlineQueue.update(id, { attempts, lastError: outcome.error });
      results.push({ id, type: entry.type, ok: false, error: outcome.error, willRetry: true });
      break;
    }
    await db.offlineQueue.update(id, { attempts, status: 'failed', lastError: outcome.error });
    results.push({ id, type: entry.type, ok: false, error: outcome.error });
  }
  return results;
}

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** `replayQueue` under one lock shared by every tab and the worker. */
export function replayQueueLocked(db: OfflineDb, options: ReplayOptions = {}): Promise<ReplayResult[]> {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ? locks.request(LOCK_NAME, () => replayQueue(db, options)) : replayQueue(db, options);
}
