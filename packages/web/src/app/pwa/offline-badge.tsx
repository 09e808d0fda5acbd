/**
 * The header's offline badge (spec §1): "Offline" while the connection is gone, and the count of changes
 * waiting to sync (or refused) while there are any; it opens the list of those changes.
 */
import { CloudOff, RefreshCw, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { focusRing } from '../../components/ui/button';
import type { QueueEntry } from '../../lib/offline/queue-types';
import { whenOfflineDbExists } from '../../lib/offline/db-presence';
import { useOnline } from '../../lib/pwa/online';

const QueueDialog = lazy(() => import('./queue-dialog').then((module) => ({ default: module.QueueDialog })));

function useQueue(): QueueEntry[] {
  const [entries, setEntries] = useState<QueueEntry[]>([]);
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    if (typeof indexedDB === 'undefined') return;
    // A first visit has no queue: Dexie is loaded once the database exists (issue 30).
    const cancelWait = whenOfflineDbExists(
      () =>
        void import('../../lib/offline/queue').then(({ watchQueue }) => {
          if (!cancelled) stop = watchQueue(setEntries);
        }),
    );
    return () => {
      cancelled = true;
      cancelWait();
      stop();
    };
  }, []);
  return entries;
}

export function OfflineBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const entries = useQueue();
  const [open, setOpen] = useState(false);
  const failed = entries.filter((entry) => entry.status === 'failed').length;
  if (online && entries.length === 0) return null;

  const label =
    failed > 0
      ? t('pwa.queue.failedBadge', { count: failed })
      : entries.length > 0
        ? t('pwa.queue.badge', { count: entries.length })
        : null;
  const Icon = failed > 0 ? TriangleAlert : online ? RefreshCw : CloudOff;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        title={online ? t('pwa.queue.title') : t('pwa.offline.badgeTitle')}
        className={cn(
          'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full px-2.5 text-xs font-medium ring-1 ring-inset',
          failed > 0
            ? 'bg-danger-soft text-danger-text ring-danger/20'
            : 'bg-warning-soft text-warning-text ring-warning-text/15',
          focusRing,
          className,
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {online ? null : <span>{t('pwa.offline.badge')}</span>}
        {label ? (
          <span className={online ? undefined : 'hidden sm:inline'}>{online ? label : `· ${label}`}</span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <QueueDialog open={open} onOpenChange={setOpen} entries={entries} />
        </Suspense>
      ) : null}
    </>
  );
}
