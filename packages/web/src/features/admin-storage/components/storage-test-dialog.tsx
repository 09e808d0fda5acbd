import type { StorageConfigDto } from '@driftbox/contract';
import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormError } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api/error-message';
import { storageConfigName } from '../../../lib/shares/storage-config-name';
import { useTestStorageConfig } from '../api/test-storage-config';

/** Runs the connection test as soon as it opens and lists each check. Mounted fresh per config. */
export function StorageTestDialog({ config, onClose }: { config: StorageConfigDto | null; onClose: () => void }) {
  if (!config) return null;
  return <TestRun key={config.id} config={config} onClose={onClose} />;
}

function TestRun({ config, onClose }: { config: StorageConfigDto; onClose: () => void }) {
  const { t } = useTranslation();
  const test = useTestStorageConfig();
  const { mutate } = test;
  const name = storageConfigName(config, t);
  const labels: Record<string, string> = {
    list: t('storage.checks.list'),
    write: t('storage.checks.write'),
    read: t('storage.checks.read'),
    presigned: t('storage.checks.presigned'),
    cors: t('storage.checks.cors'),
    delete: t('storage.checks.delete'),
  };
  // Probes this build does not know keep the server's name.
  const checkLabel = (name: string) => labels[name] ?? name;
  useEffect(() => {
    mutate(config.id);
  }, [mutate, config.id]);

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('storage.test.title', { name })}
      description={t('storage.test.description')}
      footer={
        <>
          <Button variant="outline" onClick={() => test.mutate(config.id)} disabled={test.isPending}>
            {t('storage.test.again')}
          </Button>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </>
      }
    >
      {test.isPending ? (
        <div className="flex items-center gap-3 py-6 text-sm text-fg-muted" role="status">
          <Spinner />
          {t('storage.test.running')}
        </div>
      ) : test.isError ? (
        // The server's own reason (a refused connection, a missing bucket) under a heading in the page's language.
        <FormError title={t('storage.errors.test')} message={errorMessage(test.error, { preferServer: true })} />
      ) : test.data ? (
        <div className="flex flex-col gap-3">
          <p
            className={cn('text-sm font-medium', test.data.success ? 'text-success-text' : 'text-danger-text')}
            role="status"
          >
            {test.data.success
              ? t('storage.test.passed')
              : test.data.checks.some((check) => check.ok)
                ? t('storage.test.failed')
                : t('storage.test.noneOk')}
          </p>
          {test.data.success ? null : <p className="-mt-2 text-xs text-fg-muted">{t('storage.test.failedHint')}</p>}
          <ul
            className="divide-y divide-line rounded-xl border border-line"
            aria-label={t('storage.test.title', { name })}
          >
            {test.data.checks.map((check) => (
              <li key={check.name} className="flex items-start gap-3 px-3 py-2.5">
                {check.ok ? (
                  <CircleCheck
                    className="mt-0.5 size-4 shrink-0 text-success-text"
                    aria-label={t('storage.test.ok')}
                    role="img"
                  />
                ) : check.skipped ? (
                  <CircleMinus
                    className="mt-0.5 size-4 shrink-0 text-fg-subtle"
                    aria-label={t('storage.test.skipped')}
                    role="img"
                  />
                ) : (
                  <CircleX
                    className="mt-0.5 size-4 shrink-0 text-danger-text"
                    aria-label={t('storage.test.fail')}
                    role="img"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-fg">{checkLabel(check.name)}</p>
                  <p className="text-xs break-words text-fg-muted">{check.message}</p>
                </div>
                <span className="shrink-0 text-xs text-fg-subtle tabular-nums">
                  {t('storage.test.duration', { ms: Math.round(check.durationMs) })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Dialog>
  );
}
