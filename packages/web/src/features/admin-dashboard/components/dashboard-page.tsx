import { useTranslation } from 'react-i18next';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api/error-message';
import { useDashboardStats } from '../api/get-dashboard-stats';
import { useVersion } from '../api/get-version';
import { ActivityChart } from './activity-chart';
import { CacheCard } from './cache-card';
import { StatCards } from './stat-cards';
import { StorageUsage } from './storage-usage';

/** Admin home: totals, storage usage, the 7-day activity chart, the cache and the server's version. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <div className="flex flex-col gap-5">
        <StatsSection />
        <div className="grid items-start gap-5 lg:grid-cols-2">
          <CacheCard />
          <VersionCard />
        </div>
      </div>
    </div>
  );
}

function StatsSection() {
  const { t } = useTranslation();
  const stats = useDashboardStats();
  if (stats.isPending) {
    return (
      <div className="flex flex-col gap-5" role="status" aria-label={t('common.loading')}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-[70px] rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <Card>
        <ErrorState
          title={t('dashboard.stats.error')}
          message={errorMessage(stats.error)}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      </Card>
    );
  }
  return (
    <>
      <StatCards stats={stats.data} />
      <ActivityChart pastes={stats.data.lastWeekPastes} files={stats.data.lastWeekFiles} />
      <StorageUsage buckets={stats.data.s3Buckets} />
    </>
  );
}

function VersionCard() {
  const { t } = useTranslation();
  const version = useVersion();
  return (
    <Card>
      <CardHeader title={t('dashboard.version.title')} />
      <CardBody>
        {version.isPending ? (
          <div className="flex flex-col gap-2.5" aria-label={t('common.loading')} role="status">
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-3/5" />
          </div>
        ) : version.isError ? (
          <ErrorState
            className="py-4"
            title={t('dashboard.version.error')}
            message={errorMessage(version.error)}
            onRetry={() => void version.refetch()}
          />
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Row label={t('dashboard.version.version')} value={version.data.version} />
            <Row label={t('dashboard.version.environment')} value={version.data.environment} />
            <Row label={t('dashboard.version.storage')} value={version.data.storage} />
            <Row label={t('dashboard.version.node')} value={version.data.nodeVersion} />
            <Row
              label={t('dashboard.version.uptime')}
              value={t('dashboard.version.uptimeValue', {
                hours: Math.floor(version.data.uptime / 3600),
                minutes: Math.floor((version.data.uptime % 3600) / 60),
              })}
            />
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="truncate font-medium text-fg">{value}</dd>
    </>
  );
}
