/**
 * What a task handler sees and may do. Handlers are registered per task type by the modules that own
 * the work (copy, folder delete, ZIP build); the engine claims, leases, reports and finishes the task.
 */
import type { TaskStatus } from '../../db/schema.js';
import type { Text } from '../../lib/i18n/i18n.js';

/** A task as a handler reads it; `checkpoint` and the counts are what earlier runs saved (resume). */
export interface TaskView<P = unknown> {
  id: string;
  type: string;
  status: TaskStatus;
  payload: P;
  checkpoint: unknown;
  progressCurrent: number;
  progressTotal: number;
  currentFile: string | null;
  successCount: number;
  failureCount: number;
  /** 1 on the first run; more when the task is picked up again after its worker died. */
  attempts: number;
  createdBy: string;
}

/** Absolute values; any field left out keeps its value. */
export interface ProgressUpdate {
  current?: number;
  total?: number;
  currentFile?: string | null;
  successCount?: number;
}

export interface TaskContext<P = unknown> {
  task: TaskView<P>;
  /** Aborted when the task is cancelled (on any instance), its lease is lost, or the server stops. */
  signal: AbortSignal;
  /** Reports progress; written at most every PROGRESS_WRITE_MS (and with every checkpoint and at the end). */
  progress(update: ProgressUpdate): void;
  /** Saves the handler's resume state (with the progress so far); the next claim of the task gets it. */
  checkpoint(state: unknown): Promise<void>;
  /** Records an item that failed (the task ends `partial`, or `failed` if nothing succeeded). */
  failItem(item: unknown, reason: string | Text): Promise<void>;
}

/** Does the work; resolves when done, throws to fail the whole task. Must stop soon after `signal` aborts. */
export type TaskHandler<P = unknown> = (ctx: TaskContext<P>) => Promise<void>;

export interface HandlerOptions<P = unknown> {
  /**
   * The payload that re-runs only the failed items (retry). Default: the payload with `items` replaced
   * by the failed items (the copy payload `{ items, options }` of the original product).
   */
  retryPayload?: (payload: P, failedItems: unknown[]) => P;
}

/** Timings of the worker (milliseconds) and how often a dead worker's task is picked up again. */
export interface TaskEngineOptions {
  /** A claimed task belongs to its worker until this long after the last heartbeat. */
  leaseMs: number;
  heartbeatMs: number;
  /** How often an idle worker looks for tasks (an enqueue on the same instance wakes it at once). */
  pollMs: number;
  /** Claims of a task before it is marked failed (its worker died this many times). */
  maxAttempts: number;
  /** Progress writes are at most this often. */
  progressWriteMs: number;
}

export const DEFAULT_TASK_OPTIONS: TaskEngineOptions = {
  leaseMs: 60_000,
  heartbeatMs: 15_000,
  pollMs: 2_000,
  maxAttempts: 3,
  progressWriteMs: 1_000,
};
