import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyDto, ApiKeyWithSecretDto } from '@driftbox/contract';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useElementWidth } from '../../../lib/hooks/use-element-width';
import { useCopyApiKey, useShareXDownload } from '../api/get-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useDeleteApiKey } from '../api/delete-api-key';
import { useDeleteApiKeys } from '../api/delete-api-keys';
import { KeyCreatedDialog } from './key-created-dialog';
import { KeyFormDialog, type KeyFormTarget } from './key-form-dialog';
import { KeysCards } from './keys-cards';
import { KeysTable, type KeyListProps } from './keys-table';
import { useToggleKey } from '../hooks/use-toggle-key';
import { canUploadFiles } from '../lib/sharex';
import { useSiteConfig } from '../../../lib/site/site-config';

export function KeyManagementPage() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const copy = useCopyApiKey();
  const sharex = useShareXDownload();
  const siteTitle = useSiteConfig().site_title;
  const remove = useDeleteApiKey();
  const removeMany = useDeleteApiKeys();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [formTarget, setFormTarget] = useState<KeyFormTarget | null>(null);
  const [created, setCreated] = useState<ApiKeyWithSecretDto | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyDto | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const list = useMemo(() => keys.data ?? [], [keys.data]);
  // Keys deleted elsewhere drop out of the selection automatically.
  const selectedIds = list.filter((key) => selected.has(key.id)).map((key) => key.id);
  const allState = selectedIds.length === 0 ? false : selectedIds.length === list.length ? true : 'indeterminate';
  const [cardRef, cardWidth] = useElementWidth<HTMLDivElement>();
  // The table needs about 760 px; narrower (phones, or beside the sidebar) gets one card per key.
  const compact = cardWidth > 0 && cardWidth < 760;

  function select(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function copyKey(key: ApiKeyDto) {
    copy.mutate(key.id, {
      onSuccess: () => toast.success(t('keys.toast.copied')),
      onError: (error) => toast.error(t('keys.errors.copy'), { description: errorMessage(error) }),
    });
  }

  function shareXConfig(key: ApiKeyDto) {
    // ShareX posts files to /api/upload: a key without the file-share bit would only collect 403s.
    if (!canUploadFiles(key)) {
      toast.error(t('keys.sharex.cannotUpload', { name: key.name }), { description: t('keys.sharex.needsFileShare') });
      return;
    }
    sharex.mutate(
      { id: key.id, siteTitle },
      {
        onSuccess: () => toast.success(t('keys.toast.sharex'), { description: t('keys.sharex.howTo') }),
        onError: (error) => toast.error(t('keys.errors.sharex'), { description: errorMessage(error) }),
      },
    );
  }

  function confirmDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(t('keys.toast.deleted', { name: deleting.name }));
        select(deleting.id, false);
        setDeleting(null);
      },
      onError: (error) => toast.error(t('keys.errors.delete'), { description: errorMessage(error) }),
    });
  }

  function startBulkDelete() {
    if (selectedIds.length === 0) {
      toast.error(t('keys.errors.noneSelected'));
      return;
    }
    setBulkOpen(true);
  }

  function confirmBulkDelete() {
    const ids = selectedIds;
    removeMany.mutate(ids, {
      onSuccess: () => {
        toast.success(t('keys.toast.bulkDeleted', { count: ids.length }));
        setSelected(new Set());
        setBulkOpen(false);
      },
      onError: (error) => toast.error(t('keys.errors.bulkDelete'), { description: errorMessage(error) }),
    });
  }

  const toggleKey = useToggleKey();
  const selectAll = (on: boolean) => setSelected(on ? new Set(list.map((key) => key.id)) : new Set());
  const listProps: KeyListProps = {
    keys: list,
    selected,
    onSelect: select,
    onCopy: copyKey,
    onEdit: (key) => setFormTarget({ mode: 'edit', key }),
    onDelete: setDeleting,
    copyingId: copy.isPending ? copy.variables : undefined,
    onShareX: shareXConfig,
    sharexId: sharex.isPending ? sharex.variables.id : undefined,
    onToggleEnable: toggleKey.toggle,
    togglingId: toggleKey.togglingId,
    // "Expired" and "3 minutes ago" are relative to when the list was fetched (render stays pure).
    now: keys.dataUpdatedAt,
  };

  const createButton = (
    <Button icon={<Plus />} onClick={() => setFormTarget({ mode: 'create' })}>
      {t('keys.create')}
    </Button>
  );

  return (
    <div>
      <PageHeader title={t('keys.title')} description={t('keys.description')} actions={createButton} />
      <Card className="overflow-hidden" ref={cardRef}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-3">
          <p className="flex items-center gap-3 text-sm text-fg-muted" aria-live="polite">
            {compact && list.length > 0 ? (
              <Checkbox checked={allState} onCheckedChange={selectAll} aria-label={t('keys.table.selectAll')} />
            ) : null}
            {keys.isSuccess ? t('keys.summary', { count: list.length, selected: selectedIds.length }) : '\u00a0'}
          </p>
          <Button
            variant="outline"
            size="sm"
            icon={<Trash2 />}
            onClick={startBulkDelete}
            disabled={!keys.isSuccess || list.length === 0}
          >
            {t('keys.bulkDelete')}
            {selectedIds.length > 0 ? ` (${selectedIds.length})` : ''}
          </Button>
        </div>
        {keys.isPending ? (
          <LoadingRows />
        ) : keys.isError ? (
          <ErrorState
            title={t('keys.errors.load')}
            message={errorMessage(keys.error)}
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title={t('keys.empty.title')}
            description={t('keys.empty.description')}
            action={createButton}
          />
        ) : compact ? (
          <KeysCards {...listProps} />
        ) : (
          <KeysTable {...listProps} onSelectAll={selectAll} allState={allState} />
        )}
      </Card>

      <KeyFormDialog
        target={formTarget}
        onClose={() => setFormTarget(null)}
        onCreated={(key) => {
          setFormTarget(null);
          setCreated(key);
          toast.success(t('keys.toast.created', { name: key.name }));
        }}
      />
      <KeyCreatedDialog apiKey={created} siteTitle={siteTitle} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('keys.confirm.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('keys.confirm.deleteDescription')}
        confirmLabel={t('keys.confirm.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
      <ConfirmDialog
        open={bulkOpen}
        onOpenChange={setBulkOpen}
        title={t('keys.confirm.bulkTitle', { count: selectedIds.length })}
        description={t('keys.confirm.bulkDescription')}
        confirmLabel={t('keys.confirm.delete')}
        onConfirm={confirmBulkDelete}
        pending={removeMany.isPending}
      />
    </div>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 p-4" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-4">
          <Skeleton className="size-4" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}
