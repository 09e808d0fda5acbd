import { z } from 'zod';

/**
 * Server-side tasks (copies, folder deletes, ZIP builds) at `/api/fs/jobs` (the original product's
 * name) and `/api/fs/tasks`. Field names follow the original's job descriptor (`jobId`, `taskType`,
 * `stats.totalItems`, …); Driftbox adds the current file, the failed items and the finishing times.
 */
export const TASK_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled', 'partial'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Statuses a task never leaves on its own: it may be retried (failed, partial) or cleared. */
export const FINISHED_TASK_STATUSES = ['completed', 'failed', 'cancelled', 'partial'] as const;

export const TASK_LIST_LIMIT_MAX = 100;
export const TASK_LIST_LIMIT_DEFAULT = 20;

/** `GET /api/fs/jobs` (and `/api/fs/tasks`): newest first, filtered by type and status. */
export const TaskListQuery = z.object({
  taskType: z.string().trim().min(1).max(64).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(TASK_LIST_LIMIT_MAX).default(TASK_LIST_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type TaskListQuery = z.input<typeof TaskListQuery>;

/** One item a task could not process, and why (in the caller's language). */
export const TaskFailedItemDto = z.object({ item: z.unknown(), reason: z.string() });
export type TaskFailedItemDto = z.infer<typeof TaskFailedItemDto>;

export const TaskDto = z.object({
  jobId: z.string(),
  taskType: z.string(),
  status: z.enum(TASK_STATUSES),
  payload: z.unknown(),
  stats: z.object({
    totalItems: z.number(),
    processedItems: z.number(),
    successCount: z.number(),
    failedCount: z.number(),
  }),
  currentFile: z.string().nullable(),
  failedItems: z.array(TaskFailedItemDto),
  /** Why the task failed as a whole (a handler error, or its worker stopped too often). */
  errorMessage: z.string().nullable(),
  cancelRequested: z.boolean(),
  attempts: z.number(),
  /** The creator: the admin's id or `apikey:{id}`. */
  userId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TaskDto = z.infer<typeof TaskDto>;

export const TaskListDto = z.object({
  jobs: z.array(TaskDto),
  total: z.number(),
  limit: z.number(),
  offset: z.number(),
});
export type TaskListDto = z.infer<typeof TaskListDto>;
