import type { TaskDto } from '@driftbox/contract';
import { ArrowRight, RotateCcw, Square, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';
import {
  canRetry,
  failedItemLabel,
  isActiveTask,
  STATUS_TONES,
  taskPercent,
  taskSubject,
  taskTypeKey,
} from '../lib/task-display';

export interface TaskItemProps {
  task: TaskDto;
  now: number;
  onCancel: (task: TaskDto) => void;
  onRetry: (task: TaskDto) => void;
  onRemove: (task: TaskDto) => void;
  /** A call about this task is under way: its buttons wait. */
  busy: boolean;
}

/** Failures listed under a task; the rest are counted. */
const FAILURES_SHOWN = 3;

/** One task: what it does, how far it is (bar, current file, counts), and cancel, retry or remove. */
export function TaskItem({ task, now, onCancel, onRetry, onRemove, busy }: TaskItemProps) {
  const { t } = useTranslation();
  const type = t(`fsTasks.types.${taskTypeKey(task.taskType)}`);
  const subject = taskSubject(task);
  const percent = taskPercent(task);
  const active = isActiveTask(task);
  const { stats } = task;
  const status = task.cancelRequested && active ? t('fsTasks.status.cancelling') : t(`fsTasks.status.${task.status}`);
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3" aria-label={`${type}: ${status}`}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-sm font-medium text-fg">{type}</span>
            <Badge tone={STATUS_TONES[task.status]}>{status}</Badge>
          </div>
          {subject ? (
            <p className="mt-0.5 flex min-w-0 items-center gap-1 font-mono text-xs text-fg-muted">
              <span className="truncate" title={subject.from}>
                {subject.from}
              </span>
              {subject.to ? (
                <>
                  <ArrowRight className="size-3 shrink-0" aria-label={t('fsTasks.to')} />
                  <span className="truncate" title={subject.to}>
                    {subject.to}
                  </span>
                </>
              ) : null}
              {subject.more > 0 ? (
                <span className="shrink-0 font-sans">{t('fsTasks.more', { count: subject.more })}</span>
              ) : null}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-0.5">
          {active && !task.cancelRequested ? (
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={busy}
              onClick={() => onCancel(task)}
              aria-label={t('fsTasks.actions.cancelNamed', { type })}
              title={t('fsTasks.actions.cancel')}
            >
              <Square />
            </Button>
          ) : null}
          {canRetry(task) ? (
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={busy}
              onClick={() => onRetry(task)}
              aria-label={t('fsTasks.actions.retryNamed', { type })}
              title={t('fsTasks.actions.retry')}
            >
              <RotateCcw />
            </Button>
          ) : null}
          {active ? null : (
            <Button
              variant="ghost"
              size="icon-sm"
              disabled={busy}
              onClick={() => onRemove(task)}
              aria-label={t('fsTasks.actions.removeNamed', { type })}
              title={t('fsTasks.actions.remove')}
            >
              <X />
            </Button>
          )}
        </div>
      </div>

      <div
        className="h-1.5 overflow-hidden rounded-full bg-subtle"
        role="progressbar"
        aria-label={t('fsTasks.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent })}
      >
        <div
          className={cn(
            'h-full rounded-full transition-[width] duration-500',
            task.status === 'failed' ? 'bg-danger' : task.status === 'partial' ? 'bg-warning' : 'bg-accent',
            percent === null && 'w-1/3 animate-pulse',
          )}
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>

      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-0.5 text-xs text-fg-muted">
        <span className="tabular-nums">
          {t('fsTasks.counts', {
            processed: stats.processedItems,
            total: stats.totalItems,
            success: stats.successCount,
            failed: stats.failedCount,
          })}
        </span>
        <RelativeTime at={task.finishedAt ?? task.createdAt} now={now} className="text-fg-subtle" />
      </div>
      {active && task.currentFile ? (
        <p className="truncate text-xs text-fg-muted" title={task.currentFile}>
          {t('fsTasks.current', { file: task.currentFile })}
        </p>
      ) : null}
      {task.errorMessage ? <p className="text-xs text-danger-text">{task.errorMessage}</p> : null}
      {task.failedItems.length > 0 ? (
        <ul className="flex flex-col gap-0.5 text-xs text-danger-text">
          {task.failedItems.slice(0, FAILURES_SHOWN).map((failure, index) => (
            <li key={index} className="[overflow-wrap:anywhere]">
              <span className="font-mono">{failedItemLabel(failure.item)}</span>
              {`: ${failure.reason}`}
            </li>
          ))}
          {task.failedItems.length > FAILURES_SHOWN ? (
            <li>{t('fsTasks.moreFailures', { count: task.failedItems.length - FAILURES_SHOWN })}</li>
          ) : null}
        </ul>
      ) : null}
    </li>
  );
}
