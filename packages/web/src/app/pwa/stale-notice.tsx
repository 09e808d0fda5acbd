import { CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { useRestoredAt } from '../../lib/offline/restored-store';
import { useOnline } from '../../lib/pwa/online';

/** Offline, over a page shown from the offline copy: when it was saved, and that it may be out of date. */
export function StaleNotice() {
  const { t, i18n } = useTranslation();
  const online = useOnline();
  const restoredAt = useRestoredAt();
  if (online || restoredAt === null) return null;
  return (
    <>
      {/* Room at the end of the page, so the notice never hides its last row. */}
      <div aria-hidden="true" className="h-16" />
      <div
        role="status"
        className="fixed inset-x-3 bottom-3 z-30 flex items-center gap-2 rounded-xl border border-warning-text/20 bg-warning-soft px-3 py-2 text-sm text-warning-text shadow-md sm:left-4 sm:right-auto sm:max-w-md"
      >
        <CloudOff className="size-4 shrink-0" aria-hidden="true" />
        <span>
          {t('pwa.offline.stale', { time: formatDateTime(new Date(restoredAt).toISOString(), i18n.language) })}
        </span>
      </div>
    </>
  );
}
