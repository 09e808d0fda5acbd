import type { StorageConfigDto } from '@driftbox/contract';
import { FlaskConical, HardDrive, Cloud, Pencil, Star } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RowActions } from '../../../components/ui/row-actions';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import { storageConfigName, storageProviderLabel } from '../../../lib/shares/storage-config-name';
import { usagePercent } from '../lib/storage-form';

export interface StorageCardActions {
  onSetDefault: (config: StorageConfigDto) => void;
  onTest: (config: StorageConfigDto) => void;
  onEdit: (config: StorageConfigDto) => void;
  onDelete: (config: StorageConfigDto) => void;
  /** The config whose "set default" call is running. */
  settingDefaultId: string | undefined;
}

/** "1 h", "7 d", "90 s": the largest whole unit. */
export function formatLifetime(seconds: number, t: TFunction): string {
  if (seconds % 86400 === 0) return t('storage.duration.days', { count: seconds / 86400 });
  if (seconds % 3600 === 0) return t('storage.duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('storage.duration.minutes', { count: seconds / 60 });
  return t('storage.duration.seconds', { count: seconds });
}

export function providerLabel(config: Pick<StorageConfigDto, 'storage_type' | 'provider_type'>, t: TFunction): string {
  return storageProviderLabel(config.provider_type, t, config.storage_type === 'LOCAL');
}

/** Used against the quota, with a bar; without a quota only the used amount (an empty bar read as 0 %), as on the dashboard. */
function UsageBar({ used, total }: { used: number; total: number | null }) {
  const { t } = useTranslation();
  if (total === null) {
    return (
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="text-fg-subtle">{t('storage.card.usage')}</span>
        <span className="text-fg-muted tabular-nums">
          {t('storage.card.usageUnlimited', { used: formatBytes(used) })}
        </span>
      </div>
    );
  }
  const percent = usagePercent(used, total) ?? 0;
  const label = t('storage.card.usageOf', { used: formatBytes(used), total: formatBytes(total) });
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2 text-xs">
        <span className="text-fg-subtle">{t('storage.card.usage')}</span>
        <span className="text-fg-muted tabular-nums">{`${label} · ${percent}%`}</span>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-subtle ring-1 ring-line ring-inset"
        role="progressbar"
        aria-label={t('storage.card.usage')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <div
          className={cn(
            'h-full rounded-full transition-all',
            percent >= 90 ? 'bg-danger' : percent >= 75 ? 'bg-warning' : 'bg-accent',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}

/** One storage config: what it is, where it points, how full it is, and what can be done with it. */
export function StorageConfigCard({
  config,
  onSetDefault,
  onTest,
  onEdit,
  onDelete,
  settingDefaultId,
}: StorageCardActions & { config: StorageConfigDto }) {
  const { t } = useTranslation();
  const isDefault = config.is_default === 1;
  const isS3 = config.storage_type === 'S3';
  const Icon = isS3 ? Cloud : HardDrive;
  const name = storageConfigName(config, t);
  return (
    <Card
      className={cn('flex flex-col gap-4 p-4 sm:p-5', isDefault && 'border-accent/50')}
      aria-label={name}
      role="article"
    >
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-soft text-accent-text">
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-fg" title={name}>
            {name}
          </h2>
          <div className="mt-1 flex flex-wrap gap-1">
            <Badge>{isS3 ? `${t('storage.types.S3')} · ${providerLabel(config, t)}` : providerLabel(config, t)}</Badge>
            {isDefault ? (
              <Badge tone="accent">
                <Star className="size-3" aria-hidden="true" />
                {t('storage.badges.default')}
              </Badge>
            ) : null}
            {config.is_public === 1 ? <Badge tone="success">{t('storage.badges.public')}</Badge> : null}
            {isS3 && !config.has_credentials ? <Badge tone="warning">{t('storage.badges.noCredentials')}</Badge> : null}
          </div>
        </div>
      </div>

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        {isS3 ? (
          <>
            <dt className="text-fg-subtle">{t('storage.card.bucket')}</dt>
            <dd className="truncate font-mono text-fg-muted">{config.bucket_name}</dd>
            <dt className="text-fg-subtle">{t('storage.card.endpoint')}</dt>
            <dd className="truncate font-mono text-fg-muted" title={config.endpoint_url}>
              {config.endpoint_url || '—'}
            </dd>
            {config.region ? (
              <>
                <dt className="text-fg-subtle">{t('storage.card.region')}</dt>
                <dd className="truncate font-mono text-fg-muted">{config.region}</dd>
              </>
            ) : null}
            {config.access_key_id_masked ? (
              <>
                <dt className="text-fg-subtle">{t('storage.card.accessKey')}</dt>
                <dd className="truncate font-mono text-fg-muted">{config.access_key_id_masked}</dd>
              </>
            ) : null}
          </>
        ) : (
          <dd className="col-span-2 text-fg-muted">{t('storage.card.localFolder')}</dd>
        )}
        {config.default_folder ? (
          <>
            <dt className="text-fg-subtle">{t('storage.card.folder')}</dt>
            <dd className="truncate font-mono text-fg-muted">{config.default_folder}</dd>
          </>
        ) : null}
        <dt className="text-fg-subtle">{t('storage.card.signature')}</dt>
        <dd className="text-fg-muted">{formatLifetime(config.signature_expires_in, t)}</dd>
      </dl>

      <UsageBar used={config.used_bytes} total={config.total_storage_bytes} />

      <div className="mt-auto flex flex-wrap items-center gap-1.5 border-t border-line pt-3">
        {isDefault ? null : (
          <Button
            variant="outline"
            size="sm"
            icon={<Star />}
            loading={settingDefaultId === config.id}
            onClick={() => onSetDefault(config)}
            aria-label={t('storage.actions.setDefaultNamed', { name })}
          >
            {t('storage.actions.setDefault')}
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          icon={<FlaskConical />}
          onClick={() => onTest(config)}
          aria-label={t('storage.actions.testNamed', { name })}
        >
          {t('storage.actions.test')}
        </Button>
        <RowActions
          className="ml-auto"
          items={[
            {
              id: 'edit',
              icon: Pencil,
              label: t('storage.actions.edit'),
              named: t('storage.actions.editNamed', { name }),
              run: () => onEdit(config),
            },
          ]}
          onDelete={() => onDelete(config)}
          deleteLabel={t('storage.actions.delete')}
          deleteNamed={t('storage.actions.deleteNamed', { name })}
          // The server refuses to delete the default, or a config files are stored in: say so up front
          // instead of after a confirmation (a config holding only empty files is still refused there).
          deleteBlocked={
            isDefault
              ? t('storage.errors.deleteDefault')
              : config.used_bytes > 0
                ? t('storage.errors.inUse')
                : undefined
          }
        />
      </div>
    </Card>
  );
}
