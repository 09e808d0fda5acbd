import type { StorageConfigDto } from '@driftbox/contract';
import { Cloud } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardListPage } from '../../../components/admin/card-list-page';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
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

  return (
    <CardListPage
      title={t('storage.title')}
      description={t('storage.description')}
      createLabel={t('storage.create')}
      onCreate={() => setFormTarget({ mode: 'create' })}
      query={configs}
      texts={{
        loading: t('storage.loading'),
        loadError: t('storage.errors.load'),
        emptyTitle: t('storage.empty.title'),
        emptyDescription: t('storage.empty.description'),
      }}
      emptyIcon={Cloud}
      summary={(list) => t('storage.summary', { count: list.length })}
      skeletonMeter
      card={(config) => (
        <StorageConfigCard
          key={config.id}
          config={config}
          onSetDefault={makeDefault}
          onTest={setTesting}
          onEdit={(c) => setFormTarget({ mode: 'edit', config: c })}
          onDelete={setDeleting}
          settingDefaultId={setDefault.isPending ? setDefault.variables : undefined}
        />
      )}
    >
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
    </CardListPage>
  );
}
