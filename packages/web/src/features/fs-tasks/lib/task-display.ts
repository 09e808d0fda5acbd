import type { TaskDto, TaskStatus } from '@driftbox/contract';

/** Pending or running: the button counts it and the list is polled quickly. */
export function isActiveTask(task: Pick<TaskDto, 'status'>): boolean {
  return task.status === 'pending' || task.status === 'running';
}

/** Statuses that can be retried (the server answers 409 for others). */
export function canRetry(task: Pick<TaskDto, 'status'>): boolean {
  return task.status === 'failed' || task.status === 'partial';
}

/** Whole percent done, or null while the total is not known yet (an indeterminate bar). */
export function taskPercent(task: Pick<TaskDto, 'stats' | 'status'>): number | null {
  if (task.status === 'completed') return 100;
  const { totalItems, processedItems } = task.stats;
  if (totalItems <= 0) return null;
  return Math.min(100, Math.round((processedItems / totalItems) * 100));
}

/** Tasks the server runs for itself (index builds, owner `system`) are not the caller's: the panel leaves them out. */
export function isOwnTask(task: Pick<TaskDto, 'userId'>): boolean {
  return task.userId !== 'system';
}

/** The translation key suffix of a task type (`fsTasks.types.*`); unknown types read as "task". */
export function taskTypeKey(
  type: string,
): 'copy' | 'delete' | 'upload' | 'download' | 'archive' | 'indexMount' | 'other' {
  switch (type) {
    case 'copy':
    case 'delete':
    case 'upload':
    case 'download':
    case 'archive':
      return type;
    case 'index-mount':
      return 'indexMount';
    default:
      return 'other';
  }
}

export const STATUS_TONES: Record<TaskStatus, 'neutral' | 'accent' | 'success' | 'warning' | 'danger'> = {
  pending: 'neutral',
  running: 'accent',
  completed: 'success',
  partial: 'warning',
  failed: 'danger',
  cancelled: 'neutral',
};

interface PathItem {
  sourcePath?: unknown;
  targetPath?: unknown;
  path?: unknown;
}

/** What the task works on, from its payload: "/a/x → /b" for a copy, the path for a delete; null if unknown. */
export function taskSubject(task: Pick<TaskDto, 'payload'>): { from: string; to: string | null; more: number } | null {
  const items = (task.payload as { items?: unknown } | null)?.items;
  if (!Array.isArray(items) || items.length === 0) return null;
  const first = items[0] as PathItem;
  const from =
    typeof first.sourcePath === 'string' ? first.sourcePath : typeof first.path === 'string' ? first.path : null;
  if (from === null) return null;
  return { from, to: typeof first.targetPath === 'string' ? first.targetPath : null, more: items.length - 1 };
}

/** A failed item's path for the list of failures (the item is the handler's own shape). */
export function failedItemLabel(item: unknown): string {
  if (typeof item === 'string') return item;
  const p = item as PathItem | null;
  if (p && typeof p.sourcePath === 'string') return p.sourcePath;
  if (p && typeof p.path === 'string') return p.path;
  return JSON.stringify(item);
}
