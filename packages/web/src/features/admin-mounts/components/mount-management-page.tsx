import type { MountDto } from '@driftbox/contract';
import { FolderTree } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CardListPage } from '../../../components/admin/card-list-page';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { storageConfigName } from '../../../lib/shares/storage-config-name';
import { useDeleteMount } from '../api/delete-mount';
import { useMounts } from '../api/get-mounts';
import { useStorageOptions } from '../api/get-storage-options';
import { useUpdateMount } from '../api/update-mount';
import { MountCard } from './mount-card';
import { MountFormDialog, type MountFormTarget } from './mount-form-dialog';

/** Admin → Mount management (spec §2): the mount table as cards, with create, edit, enable/disable and delete. */
export function MountManagementPage() {
  const { t } = useTranslation();
  const mounts = useMounts();
  const configs = useStorageOptions();
  const update = useUpdateMount();
  const remove = useDeleteMount();
  const [formTarget, setFormTarget] = useState<MountFormTarget | null>(null);
  const [deleting, setDeleting] = useState<MountDto | null>(null);
  const configNames = new Map((configs.data ?? []).map((c) => [c.id, storageConfigName(c, t)]));

  function toggle(mount: MountDto) {
    const enable = mount.is_active !== 1;
    update.mutate(
      { id: mount.id, body: { is_active: enable ? 1 : 0 } },
      {
        onSuccess: () =>
          toast.success(t(enable ? 'mounts.toast.enabled' : 'mounts.toast.disabled', { name: mount.name })),
        onError: (error) =>
          toast.error(t(enable ? 'mounts.errors.enable' : 'mounts.errors.disable'), {
            description: errorMessage(error),
          }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    const mount = deleting;
    remove.mutate(mount.id, {
      onSuccess: () => {
        toast.success(t('mounts.toast.deleted', { name: mount.name }));
        setDeleting(null);
      },
      onError: (error) => {
        setDeleting(null);
        toast.error(t('mounts.errors.delete'), { description: errorMessage(error) });
      },
    });
  }

  return (
    <CardListPage
      title={t('mounts.title')}
      description={t('mounts.description')}
      createLabel={t('mounts.create')}
      onCreate={() => setFormTarget({ mode: 'create' })}
      query={mounts}
      texts={{
        loading: t('mounts.loading'),
        loadError: t('mounts.errors.load'),
        emptyTitle: t('mounts.empty.title'),
        emptyDescription: t('mounts.empty.description'),
      }}
      emptyIcon={FolderTree}
      summary={(list) =>
        t('mounts.summary', { count: list.length, active: list.filter((m) => m.is_active === 1).length })
      }
      card={(mount) => (
        <MountCard
          key={mount.id}
          mount={mount}
          storageName={configNames.get(mount.storage_config_id)}
          onToggle={toggle}
          onEdit={(m) => setFormTarget({ mode: 'edit', mount: m })}
          onDelete={setDeleting}
          toggling={update.isPending && update.variables.id === mount.id}
        />
      )}
    >
      <MountFormDialog target={formTarget} onClose={() => setFormTarget(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('mounts.confirm.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('mounts.confirm.deleteDescription', { path: deleting?.mount_path ?? '' })}
        confirmLabel={t('mounts.confirm.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
        destructive
      />
    </CardListPage>
  );
}
