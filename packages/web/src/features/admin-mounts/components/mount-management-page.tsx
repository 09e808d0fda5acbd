import type { MountDto } from '@driftbox/contract';
import { FolderTree, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
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
  const list = mounts.data ?? [];
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

  const createButton = (
    <Button icon={<Plus />} onClick={() => setFormTarget({ mode: 'create' })}>
      {t('mounts.create')}
    </Button>
  );

  return (
    <div>
      <PageHeader title={t('mounts.title')} description={t('mounts.description')} actions={createButton} />
      {mounts.isPending ? (
        <LoadingCards />
      ) : mounts.isError ? (
        <Card>
          <ErrorState
            title={t('mounts.errors.load')}
            message={errorMessage(mounts.error)}
            onRetry={() => void mounts.refetch()}
            retrying={mounts.isFetching}
          />
        </Card>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={FolderTree}
            title={t('mounts.empty.title')}
            description={t('mounts.empty.description')}
            action={createButton}
          />
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-fg-muted" aria-live="polite">
            {t('mounts.summary', { count: list.length, active: list.filter((m) => m.is_active === 1).length })}
          </p>
          <div className="grid grid-cols-1 items-start gap-4 md:grid-cols-2 2xl:grid-cols-3">
            {list.map((mount) => (
              <MountCard
                key={mount.id}
                mount={mount}
                storageName={configNames.get(mount.storage_config_id)}
                onToggle={toggle}
                onEdit={(m) => setFormTarget({ mode: 'edit', mount: m })}
                onDelete={setDeleting}
                toggling={update.isPending && update.variables.id === mount.id}
              />
            ))}
          </div>
        </>
      )}

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
    </div>
  );
}

function LoadingCards() {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label={t('mounts.loading')}>
      {[0, 1].map((card) => (
        <Card key={card} className="flex flex-col gap-3 p-5">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-xl" />
            <Skeleton className="h-4 w-40" />
          </div>
          <Skeleton className="h-3 w-3/4" />
          <Skeleton className="h-3 w-1/2" />
        </Card>
      ))}
    </div>
  );
}
