/**
 * Runs one claimed task: gives the handler its context, renews the lease while it runs (the heartbeat,
 * which also notices a cancel asked on another instance), and writes how it ended — only while this
 * worker still holds the task, so a worker that lost its lease never overwrites the new owner's row.
 */
import { addMs, iso, type Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import type { Logger } from '../../lib/logger.js';
import type { TaskChanges, TaskRow, TasksRepository } from './tasks.repository.js';
import type {
  HandlerOptions,
  ProgressUpdate,
  TaskContext,
  TaskEngineOptions,
  TaskHandler,
  TaskView,
} from './tasks.types.js';

export interface Registration {
  handler: TaskHandler;
  options: HandlerOptions;
}

export interface RunnerDeps {
  repo: TasksRepository;
  clock: Clock;
  logger: Logger;
  options: TaskEngineOptions;
  workerId: string;
}

/** A failed item as stored: the reason as plain text or in both languages. */
export interface StoredFailure {
  item: unknown;
  reason: string | Text;
}

/** A text as stored in a TEXT column: plain, or JSON `{en, zh}` so each reader gets its language. */
export const storedText = (text: string | Text): string => (typeof text === 'string' ? text : JSON.stringify(text));

const parse = (json: string | null): unknown => (json === null ? null : JSON.parse(json));

export function taskView(row: TaskRow): TaskView {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    payload: parse(row.payload),
    checkpoint: parse(row.checkpoint),
    progressCurrent: row.progress_current,
    progressTotal: row.progress_total,
    currentFile: row.current_file,
    successCount: row.success_count,
    failureCount: row.failure_count,
    attempts: row.attempts,
    createdBy: row.created_by,
  };
}

type StopReason = 'cancelled' | 'lost' | 'shutdown';

/** Runs `row` with its handler until it ends; `shutdown` aborts it and gives the task back to the queue. */
export async function runTask(
  deps: RunnerDeps,
  row: TaskRow,
  registration: Registration,
  shutdown: AbortSignal,
  onCancel: (cancel: () => void) => () => void,
): Promise<void> {
  const { repo, clock, logger, options, workerId } = deps;
  const controller = new AbortController();
  let stopReason: StopReason | null = null;
  const stop = (reason: StopReason) => {
    if (stopReason !== null) return;
    stopReason = reason;
    controller.abort(new Error(`Task stopped: ${reason}`));
  };
  const onShutdown = () => stop('shutdown');
  shutdown.addEventListener('abort', onShutdown);
  const unregister = onCancel(() => stop('cancelled'));

  const failures = parse(row.failed_items) as StoredFailure[];
  let successCount = row.success_count;
  let pending: TaskChanges = {};
  let lastWrite = clock.now().getTime();

  /**
   * Writes `changes` with the progress not yet written, renewing the lease; stops the handler if the task
   * was lost or a cancel was asked. Writes run one after another, so none lands after a later one.
   */
  let chain: Promise<unknown> = Promise.resolve();
  const write = (changes: TaskChanges): Promise<void> => {
    const next = chain.then(async () => {
      const now = clock.now();
      lastWrite = now.getTime();
      const taken = { ...pending, ...changes };
      pending = {};
      try {
        const held = await repo.update(row.id, workerId, {
          ...taken,
          updated_at: iso(now),
          lease_expires_at: iso(addMs(now, options.leaseMs)),
        });
        if (!held) stop('lost');
        else if (held.cancelRequested) stop('cancelled');
      } catch (err) {
        pending = { ...taken, ...pending };
        throw err;
      }
    });
    chain = next.catch(() => undefined);
    return next;
  };
  const safeWrite = (changes: TaskChanges) =>
    write(changes).catch((err: unknown) =>
      logger.warn('Task progress write failed', { task: row.id, error: String(err) }),
    );

  const ctx: TaskContext = {
    task: taskView(row),
    signal: controller.signal,
    progress(update: ProgressUpdate) {
      if (update.current !== undefined) pending.progress_current = update.current;
      if (update.total !== undefined) pending.progress_total = update.total;
      if (update.currentFile !== undefined) pending.current_file = update.currentFile;
      if (update.successCount !== undefined) {
        successCount = update.successCount;
        pending.success_count = update.successCount;
      }
      if (clock.now().getTime() - lastWrite >= options.progressWriteMs) void safeWrite({});
    },
    checkpoint: (state) => write({ checkpoint: JSON.stringify(state) }),
    async failItem(item, reason) {
      failures.push({ item, reason });
      await write({ failed_items: JSON.stringify(failures), failure_count: failures.length });
    },
  };

  const heartbeat = setInterval(() => void safeWrite({}), options.heartbeatMs);
  heartbeat.unref();
  let thrown: unknown = null;
  let threw = false;
  try {
    await registration.handler(ctx);
  } catch (err) {
    threw = true;
    thrown = err;
  } finally {
    clearInterval(heartbeat);
    shutdown.removeEventListener('abort', onShutdown);
    unregister();
    // Progress writes still under way land before the end is written.
    await chain;
  }

  // The reason may have been set by a write from inside the handler.
  const reason = stopReason as StopReason | null;
  if (reason === 'lost') {
    logger.warn('Task taken over by another worker after its lease expired', { task: row.id, type: row.type });
    return;
  }
  // A stop is not the task's end, even if the handler returned: it runs again (from its checkpoint).
  if (reason === 'shutdown') {
    await safeWrite({});
    await repo.release(row.id, workerId, iso(clock.now()));
    return;
  }
  let status: TaskRow['status'];
  let error: string | null = null;
  if (reason === 'cancelled') status = 'cancelled';
  else if (threw) {
    status = 'failed';
    if (thrown instanceof AppError && thrown.text) error = storedText(thrown.text);
    else {
      error = storedText(msg('tasks.failed'));
      logger.error('Task handler failed', { task: row.id, type: row.type, error: String(thrown) });
    }
  } else if (failures.length === 0) status = 'completed';
  else status = successCount > 0 ? 'partial' : 'failed';

  const now = iso(clock.now());
  const ended = await repo.update(row.id, workerId, {
    ...pending,
    status,
    error,
    current_file: null,
    worker_id: null,
    lease_expires_at: null,
    updated_at: now,
    completed_at: now,
  });
  if (!ended) logger.warn('Task lost before its end was written', { task: row.id, type: row.type });
}
