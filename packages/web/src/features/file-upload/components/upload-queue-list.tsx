import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { isActive, type QueueItem } from '../lib/upload-queue';
import { UploadItem } from './upload-item';

export interface UploadQueueListProps {
  items: QueueItem[];
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onCancelAll: () => void;
  onClearFinished: () => void;
}

/** The files of the page with a summary line and the batch actions. */
export function UploadQueueList({ items, onCancel, onRetry, onRemove, onCancelAll, onClearFinished }: UploadQueueListProps) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const done = items.filter((i) => i.status === 'done').length;
  const failed = items.filter((i) => i.status === 'error').length;
  const cancelled = items.filter((i) => i.status === 'cancelled').length;
  const busy = items.some((i) => isActive(i) || i.status === 'queued');
  return (
    <section aria-label={t('upload.queue.title')} className="overflow-hidden rounded-xl border border-line">
      {/* The counts wrap between their parts beside the actions, which keep their place at the right on a phone too. */}
      <div className="flex items-center justify-between gap-3 border-b border-line bg-subtle/50 px-4 py-2 sm:px-5">
        <p className="min-w-0 text-sm text-fg-muted" aria-live="polite">
          <span className="whitespace-nowrap">{t('upload.queue.summary', { count: items.length, done })}</span>
          {failed > 0 ? <> <span className="whitespace-nowrap text-danger-text">· {t('upload.queue.failed', { count: failed })}</span></> : null}
          {cancelled > 0 ? <> <span className="whitespace-nowrap">· {t('upload.queue.cancelled', { count: cancelled })}</span></> : null}
        </p>
        <div className="flex shrink-0 flex-wrap justify-end gap-1">
          {busy ? (
            <Button variant="ghost" size="sm" onClick={onCancelAll}>
              {t('upload.queue.cancelAll')}
            </Button>
          ) : null}
          {done + cancelled > 0 ? (
            <Button variant="ghost" size="sm" onClick={onClearFinished}>
              {t('upload.queue.clearFinished')}
            </Button>
          ) : null}
        </div>
      </div>
      <ul className="divide-y divide-line">
        {items.map((item) => (
          <UploadItem key={item.id} item={item} onCancel={onCancel} onRetry={onRetry} onRemove={onRemove} />
        ))}
      </ul>
    </section>
  );
}
