import { Eraser } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useClearCache } from '../api/clear-cache';
import { useCacheStats } from '../api/get-cache-stats';

/** Cache entries and process memory, with a confirmed "Clear cache". */
export function CacheCard() {
  const { t } = useTranslation();
  const stats = useCacheStats();
  const clear = useClearCache();
  const [confirming, setConfirming] = useState(false);

  function onConfirm() {
    clear.mutate(undefined, {
      onSuccess: (result) => toast.success(t('dashboard.cache.cleared', { count: result.clearedCount })),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <Card>
      <CardHeader
        title={t('dashboard.cache.title')}
        description={t('dashboard.cache.description')}
        actions={
          <Button
            variant="outline"
            size="sm"
            icon={<Eraser />}
            onClick={() => setConfirming(true)}
            disabled={!stats.isSuccess}
          >
            {t('dashboard.cache.clear')}
          </Button>
        }
      />
      <CardBody>
        {stats.isPending ? (
          <div className="flex flex-col gap-2.5" aria-label={t('common.loading')} role="status">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ) : stats.isError ? (
          <ErrorState
            className="py-4"
            title={t('dashboard.cache.error')}
            message={errorMessage(stats.error)}
            onRetry={() => void stats.refetch()}
          />
        ) : (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
            {Object.entries(stats.data.cache).map(([name, count]) => (
              <Row
                key={name}
                label={t(`dashboard.cache.names.${name}`, { defaultValue: name })}
                value={String(count)}
              />
            ))}
            {Object.keys(stats.data.cache).length === 0 ? <Row label={t('dashboard.cache.entries')} value="0" /> : null}
            <Row
              label={t('dashboard.cache.heap')}
              value={`${stats.data.system.memory.heapUsed} MB (${stats.data.system.memory.heapUsagePercent}%)`}
            />
            <Row label={t('dashboard.cache.rss')} value={`${stats.data.system.memory.rss} MB`} />
          </dl>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('dashboard.cache.confirmTitle')}
        description={t('dashboard.cache.confirmDescription')}
        confirmLabel={t('dashboard.cache.clear')}
        onConfirm={onConfirm}
        pending={clear.isPending}
      />
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="truncate text-fg-muted">{label}</dt>
      <dd className="text-right font-medium text-fg tabular-nums">{value}</dd>
    </>
  );
}
