import type { StorageConfigDto } from '@driftbox/contract';
import { Cloud, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { storageConfigName } from '../../../lib/shares/storage-config-name';
import { useDeleteStorageConfig } from '../api/delete-storage-config';
import { useStorageConfigs } from '../api/get-storage-configs';
import { useSetDefaultStorageConfig } from '../api/set-default-storage-config';
import { StorageConfigCard } from './storage-config-card';
import { StorageFormDialog, type StorageFormTarget } from './storage-form-dialog';
import { StorageTestDialog } from './storage-test-dialog';

export function StorageConfigPage() {
  const { t } = useTranslation();
  const configs = useStorageConfigs();
  const remove = useDeleteStorageConfig();
  const setDefault = useSetDefaultStorageConfig();
  const [formTarget, setFormTarget] = useState<StorageFormTarget | null>(null);
  const [testing, setTesting] = useState<StorageConfigDto | null>(null);
  const [deleting, setDeleting] = useState<StorageConfigDto | null>(null);
  const list = configs.data ?? [];

  /** Both refusals are 409 CONFLICT; which one it was follows from the config itself. */
  function deleteError(error: unknown, config: StorageConfigDto): string {
    if (isApiError(error) && error.status === 409)
      return config.is_default === 1 ? t('storage.errors.deleteDefault') : t('storage.errors.inUse');
    return errorMessage(error);
  }

  function confirmDelete() {
    if (!deleting) return;
    const config = deleting;
    remove.mutate(config.id, {
      onSuccess: () => {
        toast.success(t('storage.toast.deleted', { name: storageConfigName(config, t) }));
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(t('storage.errors.delete'), { description: deleteError(error, config) });
      },
    });
  }

  function makeDefault(config: StorageConfigDto) {
    setDefault.mutate(config.id, {
      onSuccess: () => toast.success(t('storage.toast.defaulted', { name: storageConfigName(config, t) })),
      onError: (error) => toast.error(t('storage.errors.setDefault'), { description: errorMessage(error) }),
    });
  }

  const createButton = (
    <Button icon={<Plus />} onClick={() => setFormTarget({ mode: 'create' })}>
      {t('storage.create')}
    </Button>
  );

  return (
    <div>
      <PageHeader title={t('storage.title')} description={t('storage.description')} actions={createButton} />
      {configs.isPending ? (
        <LoadingCards />
      ) : configs.isError ? (
        <Card>
          <ErrorState
            title={t('storage.errors.load')}
            message={errorMessage(configs.error)}
            onRetry={() => void configs.refetch()}
            retrying={configs.isFetching}
          />
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={Cloud}
            title={t('storage.empty.title')}
            description={t('storage.empty.description')}
            action={createButton}
          />
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-fg-muted" aria-live="polite">
            {t('storage.summary', { count: list.length })}
          </p>
          {/* items-start: a short card (local, no quota) keeps its height instead of stretching to a blank area.
              grid-cols-1 on phones: an implicit column would grow to a long one-line name or endpoint. */}
          <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {list.map((config) => (
              <StorageConfigCard
                key={config.id}
                config={config}
                onSetDefault={makeDefault}
                onTest={setTesting}
                onEdit={(c) => setFormTarget({ mode: 'edit', config: c })}
                onDelete={setDeleting}
                settingDefaultId={setDefault.isPending ? setDefault.variables : undefined}
              />
            ))}
          </div>
        </>
      )}

      <StorageFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <StorageTestDialog config={testing} onClose={() => setTesting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('storage.confirm.deleteTitle', { name: deleting ? storageConfigName(deleting, t) : '' })}
        description={t('storage.confirm.deleteDescription')}
        confirmLabel={t('storage.confirm.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={t('storage.loading')}>
      {[0, 1].map((card) => (
        <Card key={card} className="flex flex-col gap-3 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-xl" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
          <Skeleton className="h-2 w-full" />
        </Card>
      ))}
    </div>
  );
}
