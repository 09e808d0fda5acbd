/**
 * The changes waiting to sync: each queued write with its state; one the server refused shows why and
 * can be retried with the current sign-in (a 409's slug corrected first) or discarded. Nothing queued is
 * dropped without the user saying so.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toaster';
import { authorizationFor, getAuthState } from '../../lib/auth/auth-store';
import { formatDateTime } from '../../lib/format';
import { discardEntry, retryEntry } from '../../lib/offline/queue';
import type { QueueEntry } from '../../lib/offline/queue-types';
import { syncNow } from '../../lib/offline/sync';
import { useOnline } from '../../lib/pwa/online';
import { queueFailureText } from './queue-failure';

function EntryRow({ entry }: { entry: QueueEntry }) {
  const { t, i18n } = useTranslation();
  const [slug, setSlug] = useState('');
  const id = entry.id as number;
  const slugFix = entry.status === 'failed' && entry.lastError?.status === 409 && entry.type === 'createPaste';

  async function retry() {
    const auth = getAuthState();
    const data = slugFix && slug.trim() ? { ...(entry.data as object), slug: slug.trim() } : undefined;
    await retryEntry(id, { authToken: authorizationFor(auth) ?? null, authType: auth.kind, data });
    toast.success(t('pwa.queue.retried'));
    void syncNow();
  }
  async function discard() {
    await discardEntry(id);
    toast.success(t('pwa.queue.discarded'));
  }

  return (
    <li className="flex flex-col gap-2 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm font-medium text-fg">{t(`pwa.queue.types.${entry.type}`)}</span>
        <Badge tone={entry.status === 'failed' ? 'danger' : 'warning'}>
          {entry.status === 'failed' ? t('pwa.queue.failed') : t('pwa.queue.pending')}
        </Badge>
        <span className="ml-auto text-xs text-fg-muted">
          {t('pwa.queue.queuedAt', { time: formatDateTime(new Date(entry.timestamp).toISOString(), i18n.language) })}
        </span>
      </div>
      {entry.lastError ? <p className="text-sm text-fg-muted">{queueFailureText(t, entry.lastError)}</p> : null}
      {slugFix ? (
        <Input
          aria-label={t('pwa.queue.newSlug')}
          placeholder={t('pwa.queue.newSlug')}
          value={slug}
          onChange={(event) => setSlug(event.target.value)}
        />
      ) : null}
      {entry.status === 'failed' ? (
        <div className="flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={() => void discard()}>
            {t('pwa.queue.discard')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void retry()}>
            {t('pwa.queue.retry')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

export function QueueDialog({
  open,
  onOpenChange,
  entries,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: QueueEntry[];
}) {
  const { t } = useTranslation();
  const online = useOnline();
  const pending = entries.some((entry) => entry.status === 'pending');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('pwa.queue.title')}
      description={t('pwa.queue.description')}
      footer={
        <Button disabled={!online || !pending} onClick={() => void syncNow()}>
          {t('pwa.queue.syncNow')}
        </Button>
      }
    >
      {entries.length === 0 ? (
        <p className="py-2 text-sm text-fg-muted">{t('pwa.queue.empty')}</p>
      ) : (
        <ul className="divide-y divide-line">
          {entries.map((entry) => (
            <EntryRow key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </Dialog>
  );
}
