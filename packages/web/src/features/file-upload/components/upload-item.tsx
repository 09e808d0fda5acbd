import { uploadMimetype } from '@driftbox/contract';
import { CircleCheck, RotateCcw, Trash2, X } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '../../../components/share/file-type-icon';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import { isActive, isCancellable, isRefused, isRetryable, type ItemStatus, type QueueItem } from '../lib/queue-item';
import { uploadErrorMessage } from '../lib/upload-errors';
import { ShareResult } from './share-result';

// A cancel is the user's own choice, not a failure: neutral, not red or amber.
const TONE: Record<ItemStatus, BadgeTone> = {
  ready: 'neutral',
  queued: 'neutral',
  starting: 'accent',
  initializing: 'accent',
  uploading: 'accent',
  processing: 'accent',
  completing: 'accent',
  done: 'success',
  error: 'danger',
  cancelled: 'neutral',
};

/**
 * Runs `action` on a single click only. Cancel and then Remove (or Retry) take the same spot, so the
 * second click of a double click on Cancel would land on the button that replaced it.
 */
function singleClick(action: () => void) {
  return (event: MouseEvent) => {
    if (event.detail > 1) return;
    action();
  };
}

export interface UploadItemProps {
  item: QueueItem;
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
}

/** One file of the queue: name, stage, progress with speed, its error or its share link. */
export function UploadItem({ item, onCancel, onRetry, onRemove }: UploadItemProps) {
  const { t } = useTranslation();
  const { file } = item;
  const percent =
    file.size > 0 ? Math.min(100, Math.floor((item.loaded / file.size) * 100)) : item.status === 'done' ? 100 : 0;
  const active = isActive(item);
  // A file refused by a check is checked again by itself when the storage or the limit changes.
  const refused = isRefused(item);
  const retryable = isRetryable(item);
  const showBar = active || item.status === 'queued' || item.status === 'done';
  const facts = [formatBytes(file.size)];
  if (active || item.status === 'done') facts.push(`${percent}%`);
  if (item.status === 'uploading' && item.speed > 0)
    facts.push(t('upload.item.speed', { speed: formatBytes(item.speed) }));
  if (item.method) facts.push(t(`upload.item.method.${item.method}`));

  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:px-5" aria-label={file.name}>
      <div className="flex items-start gap-3">
        <FileTypeIcon filename={file.name} mimetype={uploadMimetype(file.name, file.type)} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p className="min-w-0 truncate text-sm font-medium text-fg" title={file.name}>
              {file.name}
            </p>
            {/* A file a check refused before sending was never tried: it did not fail. */}
            <Badge tone={refused ? 'warning' : TONE[item.status]}>
              {item.status === 'done' ? <CircleCheck className="size-3" aria-hidden="true" /> : null}
              {refused ? t('upload.status.refused') : t(`upload.status.${item.status}`)}
            </Badge>
          </div>
          <p className="mt-0.5 text-xs text-fg-muted tabular-nums">{facts.join(' · ')}</p>
          {item.resumed && item.status !== 'done' ? (
            <p className="mt-0.5 text-xs text-accent-text">
              {t('upload.item.resumed', { done: item.resumed.done, total: item.resumed.total })}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1" data-row-actions>
          {retryable ? (
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={singleClick(() => onRetry(item.id))}
              aria-label={t('upload.item.retry', { name: file.name })}
              title={t('upload.item.retryShort')}
            >
              <RotateCcw />
            </Button>
          ) : null}
          {active || item.status === 'queued' ? (
            // Completing publishes the share in one call: too late to cancel, and the button says so.
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={() => onCancel(item.id)}
              disabled={!isCancellable(item)}
              aria-label={
                isCancellable(item)
                  ? t('upload.item.cancel', { name: file.name })
                  : t('upload.item.cannotCancel', { name: file.name })
              }
              title={
                isCancellable(item) ? t('upload.item.cancelShort') : t('upload.item.cannotCancel', { name: file.name })
              }
            >
              <X />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon-sm"
              onClick={singleClick(() => onRemove(item.id))}
              aria-label={t('upload.item.remove', { name: file.name })}
              title={t('upload.item.removeShort')}
            >
              <Trash2 />
            </Button>
          )}
        </div>
      </div>
      {showBar ? (
        <div
          role="progressbar"
          aria-label={t('upload.item.progress', { name: file.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-subtle"
        >
          <div
            className={cn(
              'h-full rounded-full transition-[width] duration-300',
              item.status === 'done' ? 'bg-success-text' : 'bg-accent',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {item.status === 'error' ? (
        <p
          role="alert"
          className={cn(
            'rounded-lg px-3 py-2 text-xs',
            refused ? 'bg-warning-soft text-warning-text' : 'bg-danger-soft text-danger-text',
          )}
        >
          {uploadErrorMessage(t, item.error, file.name)}
        </p>
      ) : null}
      {item.status === 'done' && item.result ? <ShareResult slug={item.result.slug} filename={file.name} /> : null}
    </li>
  );
}
