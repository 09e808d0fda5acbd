import { CheckCircle2, CircleSlash, RotateCcw, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import { fsUploadErrorMessage } from '../lib/fs-upload-errors';
import { isFinished, type FsUploadItem, type FsUploadStore } from '../lib/fs-upload-store';

/** One file of the queue: its name and folder, what is happening, its progress, and cancel or retry. */
export function FsUploadRow({ item, store, base }: { item: FsUploadItem; store: FsUploadStore; base: string }) {
  const { t } = useTranslation();
  const percent = item.file.size > 0 ? Math.min(100, Math.round((item.loaded / item.file.size) * 100)) : 0;
  const where = item.folder === base ? null : item.folder;
  const statusText =
    item.status === 'uploading'
      ? t('fsUpload.status.uploading', { percent, size: formatBytes(item.file.size) })
      : t(`fsUpload.status.${item.status}`);
  return (
    <li className="flex flex-col gap-1.5 px-3 py-2.5">
      <div className="flex items-center gap-2">
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-fg" title={item.name}>
            {item.name}
          </p>
          <p className="truncate text-xs text-fg-subtle">
            {where ? `${where} · ` : ''}
            <span
              className={cn(
                item.status === 'done' && 'text-success-text',
                item.status === 'failed' && 'text-danger-text',
                item.status === 'conflict' && 'text-warning-text',
              )}
            >
              {statusText}
            </span>
          </p>
        </div>
        {item.status === 'done' ? <CheckCircle2 className="size-4 shrink-0 text-success-text" aria-hidden /> : null}
        {item.status === 'skipped' ? <CircleSlash className="size-4 shrink-0 text-fg-subtle" aria-hidden /> : null}
        {item.status === 'failed' ? <TriangleAlert className="size-4 shrink-0 text-danger-text" aria-hidden /> : null}
        {item.status === 'failed' || item.status === 'cancelled' ? (
          <Button
            size="icon-sm"
            variant="ghost"
            onClick={() => store.retry(item.id)}
            aria-label={t('fsUpload.retry', { name: item.name })}
            title={t('fsUpload.retryShort')}
          >
            <RotateCcw />
          </Button>
        ) : null}
        {isFinished(item) ? null : (
          <Button
            size="icon-sm"
            variant="ghost"
            onClick={() => store.cancel(item.id)}
            aria-label={t('fsUpload.cancel', { name: item.name })}
            title={t('fsUpload.cancelShort')}
          >
            <X />
          </Button>
        )}
      </div>
      {item.status === 'uploading' ? (
        <div
          role="progressbar"
          aria-label={t('fsUpload.progress', { name: item.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-subtle"
        >
          <div
            className="h-full rounded-full bg-accent transition-[width] duration-300"
            style={{ width: `${percent}%` }}
          />
        </div>
      ) : null}
      {item.status === 'failed' ? (
        <p role="alert" className="rounded-lg bg-danger-soft px-3 py-2 text-xs text-danger-text">
          {fsUploadErrorMessage(t, item.error)}
        </p>
      ) : null}
    </li>
  );
}
