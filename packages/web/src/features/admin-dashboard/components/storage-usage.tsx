import type { StorageBucketStatsDto } from '@driftbox/contract';
import { Cloud } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import { storageConfigName, storageProviderLabel } from '../../../lib/shares/storage-config-name';

/**
 * One bar per storage config: used bytes against its quota, or for a LOCAL config without one against its
 * disk's size (the server's statfs), with the disk's free space; no total = no bar fill to measure.
 */
export function StorageUsage({ buckets }: { buckets: StorageBucketStatsDto[] }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader title={t('dashboard.storage.title')} description={t('dashboard.storage.description')} />
      <CardBody>
        {buckets.length === 0 ? (
          <EmptyState
            icon={Cloud}
            title={t('dashboard.storage.empty')}
            description={t('dashboard.storage.emptyDescription')}
            className="py-6"
          />
        ) : (
          <ul className="flex flex-col gap-4">
            {buckets.map((bucket) => (
              <BucketRow key={bucket.id} bucket={bucket} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function BucketRow({ bucket }: { bucket: StorageBucketStatsDto }) {
  const { t } = useTranslation();
  const percent = Math.min(100, Math.max(0, bucket.usagePercent));
  const used = formatBytes(bucket.usedStorage);
  const name = storageConfigName(bucket, t);
  return (
    <li>
      <div className="mb-1.5 flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
        <span className="flex min-w-0 items-center gap-2">
          <span className="truncate font-medium text-fg">{name}</span>
          <Badge>{storageProviderLabel(bucket.providerType, t, bucket.storageType === 'LOCAL')}</Badge>
        </span>
        <span className="text-fg-muted tabular-nums">
          {bucket.totalStorage === null
            ? t('dashboard.storage.unlimited', { used })
            : t('dashboard.storage.usedOf', { used, total: formatBytes(bucket.totalStorage) })}
          {/* LOCAL: the disk may fill up with other data too, so say what is left on it. */}
          {bucket.disk ? ` · ${t('dashboard.storage.diskFree', { free: formatBytes(bucket.disk.free) })}` : null}
          {' · '}
          {t('dashboard.storage.files', { count: bucket.fileCount })}
        </span>
      </div>
      {bucket.totalStorage === null ? null : (
        <div
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('dashboard.storage.barLabel', { name, percent })}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={cn('h-full rounded-full', percent >= 90 ? 'bg-danger' : 'bg-accent')}
            style={{ width: `${percent}%` }}
          />
        </div>
      )}
    </li>
  );
}
