import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyLink } from '../../../components/share/use-copy-link';
import { Button, focusRing } from '../../../components/ui/button';
import { fileShareUrl } from '../../../lib/shares/file-links';
import { cn } from '../../../lib/cn';
import { useListFocus } from '../hooks/use-list-focus';
import { isActive, isRefused, type QueueItem } from '../lib/queue-item';
import { UploadItem } from './upload-item';

export interface UploadQueueListProps {
  items: QueueItem[];
  onCancel: (id: string) => void;
  onRetry: (id: string) => void;
  onRemove: (id: string) => void;
  onCancelAll: () => void;
  onClearFinished: () => void;
  /** The list itself (focusable), e.g. for Upload to move focus to once its button is disabled. */
  ref?: RefObject<HTMLElement | null>;
  /** Focus somewhere sensible once the last file was removed and the list is gone. */
  onEmpty?: () => void;
}

/** The files of the page with a summary line and the batch actions. */
export function UploadQueueList({
  items,
  onCancel,
  onRetry,
  onRemove,
  onCancelAll,
  onClearFinished,
  ref,
  onEmpty,
}: UploadQueueListProps) {
  const { t } = useTranslation();
  const own = useRef<HTMLElement>(null);
  const section = ref ?? own;
  const keep = useListFocus(section, onEmpty);
  const copy = useCopyLink();
  if (items.length === 0) return null;
  // One link per line, in the list's order: what a chat message or an email wants for a batch.
  const links = items.flatMap((i) => (i.status === 'done' && i.result ? [fileShareUrl(i.result.slug)] : []));
  const done = items.filter((i) => i.status === 'done').length;
  const refused = items.filter(isRefused).length;
  const failed = items.filter((i) => i.status === 'error').length - refused;
  const cancelled = items.filter((i) => i.status === 'cancelled').length;
  const busy = items.some((i) => isActive(i) || i.status === 'queued');
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label={t('upload.queue.title')}
      className={cn('scroll-mt-20 overflow-hidden rounded-xl border border-line', focusRing)}
    >
      {/* The counts wrap between their parts beside the actions, which keep their place at the right on a phone too:
          short of room the two actions stack rather than run over the counts. */}
      <div className="flex items-center justify-between gap-3 border-b border-line bg-subtle/50 px-4 py-2 sm:px-5">
        <p className="text-sm text-fg-muted" aria-live="polite">
          <span className="whitespace-nowrap">{t('upload.queue.summary', { count: items.length, done })}</span>
          {failed > 0 ? (
            <>
              {' '}
              <span className="whitespace-nowrap text-danger-text">
                · {t('upload.queue.failed', { count: failed })}
              </span>
            </>
          ) : null}
          {refused > 0 ? (
            <>
              {' '}
              <span className="whitespace-nowrap text-warning-text">
                · {t('upload.queue.refused', { count: refused })}
              </span>
            </>
          ) : null}
          {cancelled > 0 ? (
            <>
              {' '}
              <span className="whitespace-nowrap">· {t('upload.queue.cancelled', { count: cancelled })}</span>
            </>
          ) : null}
        </p>
        <div className="flex flex-wrap justify-end gap-1">
          {links.length > 1 ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void copy(links.join('\n'), t('upload.queue.linksCopied', { count: links.length }))}
            >
              {t('upload.queue.copyLinks', { count: links.length })}
            </Button>
          ) : null}
          {busy ? (
            // The button goes once the running upload has stopped (later): the list takes focus now.
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onCancelAll();
                section.current?.focus();
              }}
            >
              {t('upload.queue.cancelAll')}
            </Button>
          ) : null}
          {done + cancelled > 0 ? (
            <Button variant="ghost" size="sm" onClick={() => keep(-1, onClearFinished)}>
              {t('upload.queue.clearFinished')}
            </Button>
          ) : null}
        </div>
      </div>
      <ul className="divide-y divide-line">
        {items.map((item, index) => (
          <UploadItem
            key={item.id}
            item={item}
            onCancel={onCancel}
            onRetry={(id) => keep(index, () => onRetry(id))}
            onRemove={(id) => keep(index, () => onRemove(id))}
          />
        ))}
      </ul>
    </section>
  );
}
