import { TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { SortProgress } from '../hooks/use-sorted-folder';

/** A one-line note above the entries while the rest of the folder loads for the chosen order. */
export function SortProgressNote({ progress }: { progress: SortProgress }) {
  const { t, i18n } = useTranslation();
  const loaded = new Intl.NumberFormat(i18n.language).format(progress.loaded);
  return (
    <div
      role="status"
      className="flex min-h-9 items-center gap-2 border-b border-line bg-subtle/50 px-3 py-1.5 text-xs text-fg-muted"
    >
      {progress.failed ? (
        <>
          <TriangleAlert className="size-3.5 shrink-0 text-danger" aria-hidden="true" />
          <span className="min-w-0 flex-1">{t('explorer.sorting.failed', { loaded })}</span>
          <Button variant="ghost" size="sm" className="h-7 px-2 text-xs" onClick={progress.retry}>
            {t('explorer.sorting.retry')}
          </Button>
        </>
      ) : (
        <>
          <Spinner className="size-3.5 shrink-0" />
          <span className="min-w-0 flex-1">{t('explorer.sorting.progress', { loaded })}</span>
        </>
      )}
    </div>
  );
}
