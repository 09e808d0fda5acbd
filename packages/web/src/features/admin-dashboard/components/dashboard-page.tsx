import { ChartColumn, FileText, KeyRound, Upload } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/error-message';
import { useVersion } from '../api/get-version';

/** Admin home: a welcome, quick links and the server's version (the activity chart comes later). */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      <div className="grid items-start gap-5 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader title={t('dashboard.quickTitle')} description={t('dashboard.quickDescription')} />
          <CardBody className="grid gap-3 sm:grid-cols-3">
            <QuickLink to="/" icon={<FileText />} label={t('dashboard.quick.paste')} />
            <QuickLink to="/upload" icon={<Upload />} label={t('dashboard.quick.upload')} />
            <QuickLink to="/admin/key-management" icon={<KeyRound />} label={t('dashboard.quick.keys')} />
          </CardBody>
        </Card>
        <VersionCard />
        <Card className="lg:col-span-3">
          <CardBody className="flex items-center gap-4 py-6">
            <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
              <ChartColumn className="size-5" aria-hidden="true" />
            </div>
            <div>
              <p className="font-medium text-fg">{t('dashboard.statsTitle')}</p>
              <p className="text-sm text-fg-muted">{t('dashboard.statsPending')}</p>
            </div>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}

function QuickLink({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <Link to={to} className={buttonClasses('outline', 'md', 'h-auto justify-start py-3 [&_svg]:text-accent-text')}>
      {icon}
      {label}
    </Link>
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
          <ErrorState className="py-4" title={t('dashboard.version.error')} message={errorMessage(version.error)} onRetry={() => void version.refetch()} />
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <Row label={t('dashboard.version.version')} value={version.data.version} />
            <Row label={t('dashboard.version.environment')} value={version.data.environment} />
            <Row label={t('dashboard.version.storage')} value={version.data.storage} />
            <Row label={t('dashboard.version.node')} value={version.data.nodeVersion} />
            <Row label={t('dashboard.version.uptime')} value={t('dashboard.version.uptimeValue', { hours: Math.floor(version.data.uptime / 3600), minutes: Math.floor((version.data.uptime % 3600) / 60) })} />
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
