import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import type { Clock } from '../../lib/clock.js';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { createTasksService, type TaskEngineOptions } from './tasks.module.js';

/** Leases in the tests run on the test clock; the heartbeat timer never fires on its own (1 h). */
export const TEST_TASK_OPTIONS: Partial<TaskEngineOptions> = {
  leaseMs: 60_000,
  heartbeatMs: 3_600_000,
  pollMs: 3_600_000,
  maxAttempts: 3,
  progressWriteMs: 1_000,
};

export const OWNER: AdminActor = { type: 'admin', id: 'admin-1', username: 'admin' };

/** An API-key actor with `id` (only the id matters to task ownership). */
export function keyActor(id: string): ApiKeyActor {
  return {
    type: 'apikey',
    id,
    name: id,
    permissions: 256,
    basicPath: '/',
    role: 'GENERAL',
    isGuest: 0,
    expiresAt: null,
  };
}

/** A task engine (one "instance") over `db`, as every server instance sharing the database builds one. */
export function testEngine(db: Kysely<Database>, clock: Clock, options: Partial<TaskEngineOptions> = {}) {
  return createTasksService({
    db,
    clock,
    ids: cryptoIds(),
    logger: memoryLogger(),
    taskOptions: { ...TEST_TASK_OPTIONS, ...options },
  });
}

/** A promise with its resolve, for handlers that wait on the test. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Resolves when `signal` aborts, rejecting with its reason (what a handler that honours cancel does). */
export function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
  });
}

export const tick = () => new Promise((r) => setTimeout(r, 2));

/** Polls `check` (every few ms, at most 5 s) until it returns true: for writes a handler does not await. */
export async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1_000; i += 1) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('waitFor: condition never met');
}
