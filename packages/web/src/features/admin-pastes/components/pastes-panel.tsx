import type { PasteListItemDto } from '@driftbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ListPanel } from '../../../components/ui/list-panel';
import { toast } from '../../../components/ui/toaster';
import type { ListPage } from '../../../lib/api/api-client';
import { errorMessage } from '../../../lib/api/error-message';
import type { ListSearch } from '../../../lib/hooks/list-search';
import { useRowSelection } from '../../../lib/hooks/use-row-selection';
import { useDeletePastes } from '../api/delete-pastes';
import type { PasteActionHandlers } from './paste-cells';
import { PastesCards } from './pastes-cards';
import { PastesTable, type PasteListProps } from './pastes-table';

export interface PastesPanelProps {
  list: UseQueryResult<ListPage<PasteListItemDto>>;
  search: ListSearch;
  actions: Omit<PasteActionHandlers, 'onDelete'>;
}

/** The list card: search, selection with batch delete, the rows (table or cards) and paging. */
export function PastesPanel({ list, search, actions }: PastesPanelProps) {
  const { t } = useTranslation();
  const remove = useDeletePastes();
  const [deleting, setDeleting] = useState<PasteListItemDto[] | null>(null);
  const rows = list.data?.items ?? [];
  const selection = useRowSelection(rows);

  function confirmDelete() {
    if (!deleting) return;
    const ids = deleting.map((paste) => paste.id);
    remove.mutate(ids, {
      onSuccess: (count) => {
        toast.success(t('texts.toast.deleted', { count }));
        selection.forget(ids);
        // A page left empty (its last rows deleted) is moved back by the list itself, once it knows.
        setDeleting(null);
      },
      onError: (error) => toast.error(t('texts.errors.delete'), { description: errorMessage(error) }),
    });
  }

  const listProps: PasteListProps = {
    pastes: rows,
    selected: selection.selected,
    onSelect: selection.select,
    onDelete: (paste) => setDeleting([paste]),
    now: list.dataUpdatedAt,
    ...actions,
  };

  return (
    <ListPanel
      section="texts"
      list={list}
      search={search}
      selection={selection}
      // The table needs about 940 px; narrower (phones, or beside the sidebar) gets one card per paste.
      compactBelow={940}
      emptyIcon={FileText}
      onBulkDelete={setDeleting}
      renderRows={(compact) =>
        compact ? (
          <PastesCards {...listProps} />
        ) : (
          <PastesTable {...listProps} onSelectAll={selection.selectAll} allState={selection.allState} />
        )
      }
    >
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={
          deleting?.length === 1
            ? t('texts.confirm.deleteTitle', { slug: deleting[0]?.slug ?? '' })
            : t('texts.confirm.bulkTitle', { count: deleting?.length ?? 0 })
        }
        description={t('texts.confirm.deleteDescription')}
        confirmLabel={t('texts.confirm.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </ListPanel>
  );
}
