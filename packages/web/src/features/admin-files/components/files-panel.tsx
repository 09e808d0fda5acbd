import type { FileDeleteMode, FileDto } from '@driftbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { HardDrive } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPanel } from '../../../components/ui/list-panel';
import { toast } from '../../../components/ui/toaster';
import type { ListPage } from '../../../lib/api/api-client';
import { errorMessage } from '../../../lib/api/error-message';
import type { ListSearch } from '../../../lib/hooks/list-search';
import { useRowSelection } from '../../../lib/hooks/use-row-selection';
import { useDeleteFiles } from '../api/delete-files';
import type { FileActionHandlers } from './file-cells';
import { DeleteFilesDialog } from './delete-files-dialog';
import { FilesCards } from './files-cards';
import { FilesTable, type FileListProps } from './files-table';

export interface FilesPanelProps {
  list: UseQueryResult<ListPage<FileDto>>;
  search: ListSearch;
  actions: Omit<FileActionHandlers, 'onDelete'>;
}

/** The list card: search, selection with batch delete, the rows (table or cards) and paging. */
export function FilesPanel({ list, search, actions }: FilesPanelProps) {
  const { t } = useTranslation();
  const remove = useDeleteFiles();
  const [deleting, setDeleting] = useState<FileDto[] | null>(null);
  const rows = list.data?.items ?? [];
  const selection = useRowSelection(rows);

  function confirmDelete(mode: FileDeleteMode) {
    if (!deleting) return;
    const ids = deleting.map((file) => file.id);
    remove.mutate(
      { ids, mode },
      {
        onSuccess: (result) => {
          if (result.failed.length > 0)
            toast.error(t('files.errors.partialDelete', { count: result.failed.length }), {
              description: [...new Set(result.failed.map((f) => f.error))].join(' '),
            });
          if (result.deleted > 0)
            toast.success(
              mode === 'both'
                ? t('files.toast.deleted', { count: result.deleted })
                : t('files.toast.deletedRecords', { count: result.deleted }),
            );
          selection.forget(ids);
          // A page left empty (its last rows deleted) is moved back by the list itself, once it knows.
          setDeleting(null);
        },
        onError: (error) => toast.error(t('files.errors.delete'), { description: errorMessage(error) }),
      },
    );
  }

  const listProps: FileListProps = {
    files: rows,
    selected: selection.selected,
    onSelect: selection.select,
    onDelete: (file) => setDeleting([file]),
    now: list.dataUpdatedAt,
    ...actions,
  };

  return (
    <ListPanel
      section="files"
      list={list}
      search={search}
      selection={selection}
      // The table needs about 930 px (it fits beside the admin menu from a 1280 px window); narrower gets one card per share.
      compactBelow={940}
      emptyIcon={HardDrive}
      onBulkDelete={setDeleting}
      renderRows={(compact) =>
        compact ? (
          <FilesCards {...listProps} />
        ) : (
          <FilesTable {...listProps} onSelectAll={selection.selectAll} allState={selection.allState} />
        )
      }
    >
      {/* Keyed by the rows, so every deletion starts from the default mode. */}
      <DeleteFilesDialog
        key={deleting ? deleting.map((file) => file.id).join() : 'closed'}
        files={deleting}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </ListPanel>
  );
}
