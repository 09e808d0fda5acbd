import type { StorageConfigSummaryDto } from '@driftbox/contract';
import { RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api/error-message';
import { formatBytes } from '../../../lib/format';
import { storageConfigName, storageProviderLabel } from '../../../lib/shares/storage-config-name';
import { remainingBytes } from '../lib/prechecks';

export interface StoragePickerProps {
  configs: StorageConfigSummaryDto[] | undefined;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Why the list could not be read (it is undefined then), with a way to ask again. */
  loadError?: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}

/** The config the files go to, with its free space against its capacity. */
export function StoragePicker({
  configs,
  value,
  onChange,
  error,
  loading,
  disabled,
  loadError,
  onRetry,
  retrying,
}: StoragePickerProps) {
  const { t } = useTranslation();
  const selected = configs?.find((c) => c.id === value);
  const empty = !loading && configs?.length === 0;
  const failed = !configs && loadError !== undefined && loadError !== null;
  const message = failed
    ? t('upload.storage.loadFailed', { message: errorMessage(loadError) })
    : empty
      ? t('upload.storage.none')
      : undefined;
  return (
    <Field label={t('upload.storage.label')} error={error ?? message}>
      {(control) => (
        <div className="flex flex-col gap-2">
          <div className="flex gap-2">
            <Select
              {...control}
              className="min-w-0 flex-1"
              value={value}
              onChange={(event) => onChange(event.target.value)}
              disabled={disabled || loading || !configs?.length}
            >
              {!configs?.length ? (
                <option value="">
                  {loading
                    ? t('upload.storage.loading')
                    : failed
                      ? t('upload.storage.notLoaded')
                      : t('upload.storage.unavailable')}
                </option>
              ) : null}
              {configs?.map((config) => (
                <option key={config.id} value={config.id}>
                  {config.is_default
                    ? t('upload.storage.defaultName', { name: storageConfigName(config, t) })
                    : storageConfigName(config, t)}
                </option>
              ))}
            </Select>
            {failed && onRetry ? (
              <Button variant="outline" icon={<RotateCw />} onClick={onRetry} loading={retrying} disabled={disabled}>
                {t('common.retry')}
              </Button>
            ) : null}
          </div>
          {selected ? <SpaceMeter config={selected} /> : null}
        </div>
      )}
    </Field>
  );
}

function SpaceMeter({ config }: { config: StorageConfigSummaryDto }) {
  const { t } = useTranslation();
  const remaining = remainingBytes(config);
  const capacity = config.total_storage_bytes;
  const kind = t(`upload.storage.type.${config.storage_type === 'LOCAL' ? 'local' : 's3'}`, {
    provider: storageProviderLabel(config.provider_type, t),
  });
  if (remaining === null || capacity === null) {
    return (
      <p className="text-xs text-fg-muted">
        {kind} · {t('upload.storage.unlimited', { used: formatBytes(config.used_bytes) })}
      </p>
    );
  }
  const usedShare = capacity > 0 ? Math.min(1, config.used_bytes / capacity) : 1;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="meter"
        aria-label={t('upload.storage.usage')}
        aria-valuemin={0}
        aria-valuemax={capacity}
        aria-valuenow={Math.min(config.used_bytes, capacity)}
        aria-valuetext={t('upload.storage.remaining', {
          remaining: formatBytes(remaining),
          capacity: formatBytes(capacity),
        })}
        className="h-1.5 overflow-hidden rounded-full bg-subtle"
      >
        <div
          className={cn('h-full rounded-full', usedShare > 0.9 ? 'bg-danger' : 'bg-accent')}
          style={{ width: `${Math.max(usedShare * 100, 1)}%` }}
        />
      </div>
      <p className="text-xs text-fg-muted">
        {kind} · {t('upload.storage.remaining', { remaining: formatBytes(remaining), capacity: formatBytes(capacity) })}
      </p>
    </div>
  );
}
