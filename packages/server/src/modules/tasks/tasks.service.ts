import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Database, TaskStatus } from '../../db/schema.js';
import { startPeriodic, type PeriodicJob } from '../../jobs/periodic.js';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Logger } from '../../lib/logger.js';
import { creatorOf, scopeOf } from '../shares/share-rules.js';
import { tasksRepository, type TaskRow } from './tasks.repository.js';
import { runTask, storedText, type Registration, type StoredFailure } from './tasks.runner.js';
import { DEFAULT_TASK_OPTIONS, type HandlerOptions, type TaskEngineOptions, type TaskHandler } from './tasks.types.js';

export interface TasksServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  logger: Logger;
  taskOptions?: Partial<TaskEngineOptions> | undefined;
}

type Caller = AdminActor | ApiKeyActor;

/** The default retry payload: the payload with `items` replaced by the failed ones (the copy payload's shape). */
function withItems(payload: unknown, items: unknown[]): unknown {
  return typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? { ...payload, items } : { items };
}

/**
 * The task engine: a registry of handlers per task type, the queue in `fs_tasks`, and a worker that
 * runs one task at a time. Every instance sharing the database runs a worker; each task is claimed by
 * exactly one (repository `claim`), and one whose worker died is picked up again from its checkpoint.
 */
export function createTasksService(deps: TasksServiceDeps) {
  const { clock, logger } = deps;
  const repo = tasksRepository(deps.db);
  const options: TaskEngineOptions = { ...DEFAULT_TASK_OPTIONS, ...deps.taskOptions };
  const workerId = `${hostname()}:${process.pid}:${deps.ids.token(6)}`;
  const handlers = new Map<string, Registration>();
  /** Tasks this instance runs now, by id: how to stop each at once when it is cancelled here. */
  const running = new Map<string, () => void>();
  let shutdown = new AbortController();
  let worker: PeriodicJob<void> | null = null;
  let wanted = false;
  /** Starts (or joins) a worker pass at once: a task was queued. */
  const wake = () => {
    wanted = true;
    if (worker) void worker.runOnce();
  };

  const own = async (actor: Caller, id: string): Promise<TaskRow> => {
    const row = await repo.find(id, scopeOf(actor));
    if (!row) throw notFound('task');
    return row;
  };

  /** Ends abandoned tasks, then claims and runs one; the id it ran, or null when there was none. */
  async function runOnce(): Promise<string | null> {
    if (handlers.size === 0 || shutdown.signal.aborted) return null;
    const now = clock.now();
    const lost = storedText(msg('tasks.workerLost', { attempts: options.maxAttempts }));
    await repo.endAbandoned(iso(now), options.maxAttempts, lost);
    const leaseUntil = iso(addMs(now, options.leaseMs));
    const row = await repo.claim(workerId, [...handlers.keys()], iso(now), leaseUntil, options.maxAttempts);
    if (!row) return null;
    const registration = handlers.get(row.type);
    if (!registration) return null;
    await runTask({ repo, clock, logger, options, workerId }, row, registration, shutdown.signal, (cancel) => {
      running.set(row.id, cancel);
      return () => running.delete(row.id);
    });
    return row.id;
  }

  /**
   * Runs tasks one after another until none is claimable (or the worker stops). A task queued here while
   * a claim was looking makes the pass look again (`wanted`), so it never waits for the next poll.
   */
  async function drain(): Promise<void> {
    try {
      for (;;) {
        wanted = false;
        if ((await runOnce()) !== null) continue;
        if (!wanted) break;
      }
    } catch (err) {
      logger.error('Task worker pass failed', { error: String(err) });
    }
  }

  return {
    workerId,

    /** Makes `handler` run the tasks of `type` on this instance. */
    registerHandler<P>(type: string, handler: TaskHandler<P>, handlerOptions: HandlerOptions<P> = {}): void {
      handlers.set(type, { handler: handler as TaskHandler, options: handlerOptions as HandlerOptions });
    },

    /** Queues a task for `owner`; a running worker on this instance starts it at once. */
    async enqueue(type: string, payload: unknown, owner: Caller): Promise<TaskRow> {
      const now = iso(clock.now());
      const row: TaskRow = {
        id: deps.ids.uuid(),
        type,
        status: 'pending',
        payload: JSON.stringify(payload),
        checkpoint: null,
        progress_current: 0,
        progress_total: 0,
        current_file: null,
        success_count: 0,
        failure_count: 0,
        failed_items: '[]',
        error: null,
        created_by: creatorOf(owner),
        worker_id: null,
        lease_expires_at: null,
        cancel_requested: 0,
        attempts: 0,
        created_at: now,
        updated_at: now,
        started_at: null,
        completed_at: null,
      };
      await repo.insert(row);
      wake();
      return row;
    },

    /** One worker pass (what the timer does); tests call it to run tasks without timers. */
    runOnce,
    drain,

    /** Starts this instance's worker: a pass now and every `pollMs`. */
    startWorker(): { stop(): Promise<void> } {
      shutdown = new AbortController();
      worker = startPeriodic(drain, options.pollMs);
      return {
        stop: async () => {
          // A running handler is stopped and its task given back to the queue for another instance.
          shutdown.abort();
          await worker?.stop();
          worker = null;
        },
      };
    },

    async list(
      actor: Caller,
      query: { taskType?: string | undefined; status?: TaskStatus | undefined; limit: number; offset: number },
    ) {
      return repo.list({
        createdBy: scopeOf(actor),
        type: query.taskType,
        status: query.status,
        limit: query.limit,
        offset: query.offset,
      });
    },

    get: own,

    /** How many tasks of every instance are in each state (for /metrics; no actor: the caller is the operator). */
    countByStatus: () => repo.countByStatus(),

    /** Cancels a queued task at once, a running one through its handler's signal (on whichever instance). */
    async cancel(actor: Caller, id: string): Promise<TaskRow> {
      const row = await own(actor, id);
      if (row.status !== 'pending' && row.status !== 'running')
        throw new AppError('CONFLICT', { text: msg('tasks.notCancellable') });
      const after = (await repo.requestCancel(id, scopeOf(actor), iso(clock.now()))) ?? row;
      running.get(id)?.();
      return after;
    },

    /** Queues a failed or partial task again: only its failed items when it has some, else all of it. */
    async retry(actor: Caller, id: string): Promise<TaskRow> {
      const row = await own(actor, id);
      if (row.status !== 'failed' && row.status !== 'partial')
        throw new AppError('CONFLICT', { text: msg('tasks.notRetryable') });
      const failedItems = (JSON.parse(row.failed_items) as StoredFailure[]).map((f) => f.item);
      const retryPayload = handlers.get(row.type)?.options.retryPayload ?? withItems;
      const payload = failedItems.length > 0 ? retryPayload(JSON.parse(row.payload), failedItems) : undefined;
      const requeued = await repo.requeue(id, scopeOf(actor), {
        // Only the failed items run again: a fresh start. A task that failed as a whole resumes.
        ...(payload === undefined
          ? {}
          : {
              payload: JSON.stringify(payload),
              checkpoint: null,
              progress_current: 0,
              progress_total: 0,
              success_count: 0,
            }),
        failed_items: '[]',
        failure_count: 0,
        error: null,
        attempts: 0,
        current_file: null,
        completed_at: null,
        updated_at: iso(clock.now()),
      });
      if (!requeued) throw new AppError('CONFLICT', { text: msg('tasks.notRetryable') });
      wake();
      return own(actor, id);
    },

    /** Deletes one finished task. */
    async remove(actor: Caller, id: string): Promise<void> {
      await own(actor, id);
      if ((await repo.deleteFinished(scopeOf(actor), id)) === 0)
        throw new AppError('CONFLICT', { text: msg('tasks.notFinished') });
    },

    /** Deletes finished tasks: a key's own, or every one for the admin. */
    async clear(actor: Caller): Promise<{ deleted: number }> {
      return { deleted: await repo.deleteFinished(scopeOf(actor)) };
    },
  };
}
export type TasksService = ReturnType<typeof createTasksService>;
