import type { TaskDto } from '@driftbox/contract';
import { t, type Lang, type Text } from '../../lib/i18n/i18n.js';
import type { TaskRow } from './tasks.repository.js';
import type { StoredFailure } from './tasks.runner.js';

/** A stored text in `lang`: JSON `{en, zh}` or plain text. */
function textIn(lang: Lang, stored: string | Text): string {
  if (typeof stored !== 'string') return t(lang, stored);
  if (!stored.startsWith('{')) return stored;
  try {
    const text = JSON.parse(stored) as Partial<Text>;
    return typeof text.en === 'string' && typeof text.zh === 'string' ? t(lang, { en: text.en, zh: text.zh }) : stored;
  } catch {
    return stored;
  }
}

/** A task as the original's job descriptor names it (`jobId`, `taskType`, `stats`), texts in `lang`. */
export function presentTask(row: TaskRow, lang: Lang): TaskDto {
  const failures = JSON.parse(row.failed_items) as StoredFailure[];
  return {
    jobId: row.id,
    taskType: row.type,
    status: row.status,
    payload: JSON.parse(row.payload) as unknown,
    stats: {
      totalItems: row.progress_total,
      processedItems: row.progress_current,
      successCount: row.success_count,
      failedCount: row.failure_count,
    },
    currentFile: row.current_file,
    failedItems: failures.map((f) => ({ item: f.item, reason: textIn(lang, f.reason) })),
    errorMessage: row.error === null ? null : textIn(lang, row.error),
    cancelRequested: row.cancel_requested === 1,
    attempts: row.attempts,
    userId: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    startedAt: row.started_at,
    finishedAt: row.completed_at,
  };
}
