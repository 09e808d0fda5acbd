/**
 * The page's side of the offline queue: what the API client adds while offline, and what the queue
 * panel does with an entry the server refused (retry with the current sign-in, or discard).
 */
import { liveQuery } from 'dexie';
import { offlineDb, type OfflineDb } from './db';
import type { AuthType, QueueEntry } from './queue-types';

export type NewQueueEntry = Omit<QueueEntry, 'id' | 'timestamp' | 'status' | 'attempts' | 'lastError'>;

/** Adds a write to the end of the queue; resolves to its id. */
export async function enqueue(entry: NewQueueEntry, db: OfflineDb = offlineDb(), now = Date.now()): Promise<number> {
  return (await db.offlineQueue.add({ ...entry, timestamp: now, status: 'pending', attempts: 0 })) as number;
}

export function listQueue(db: OfflineDb = offlineDb()): Promise<QueueEntry[]> {
  return db.offlineQueue.orderBy('id').toArray();
}

/** Every change to the queue, from this tab, another one or the worker. */
export function watchQueue(listener: (entries: QueueEntry[]) => void, db: OfflineDb = offlineDb()): () => void {
  const subscription = liveQuery(() => listQueue(db)).subscribe({ next: listener, error: () => undefined });
  return () => subscription.unsubscribe();
}

export async function discardEntry(id: number, db: OfflineDb = offlineDb()): Promise<void> {
  await db.offlineQueue.delete(id);
}

export interface RetryChanges {
  /** The Authorization header of the session now signed in (a 401 was an expired sign-in). */
  authToken: string | null;
  authType: AuthType;
  /** A new body, e.g. a createPaste with another slug after a 409. */
  data?: unknown;
}

/** Puts a refused entry back in line with today's credentials (and a corrected body). */
export async function retryEntry(id: number, changes: RetryChanges, db: OfflineDb = offlineDb()): Promise<void> {
  const update: Partial<QueueEntry> = {
    status: 'pending',
    attempts: 0,
    lastError: undefined,
    authToken: changes.authToken,
    authType: changes.authType,
  };
  if (changes.data !== undefined) update.data = changes.data;
  await db.offlineQueue.update(id, update);
}
