import type { PasteListItemDto } from '@driftbox/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileText, SearchX, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pagination } from '../../../components/ui/pagination';
import { SearchInput } from '../../../components/ui/search-input';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import type { ListPage } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useElementWidth } from '../../../lib/use-element-width';
import { useDeletePastes } from '../api/delete-pastes';
import type { PasteActionHandlers } from './paste-cells';
import { PastesCards } from './pastes-cards';
import { PastesTable, type PasteListProps } from './pastes-table';

export interface PastesPanelProps {
  list: UseQueryResult<ListPage<PasteListItemDto>>;
  page: number;
  onPageChange: (page: number) => void;
  searchInput: string;
  onSearchChange: (value: string) => void;
  searchHintId: string;
  searchTooShort: boolean;
  searching: boolean;
  actions: Omit<PasteActionHandlers, 'onDelete'>;
}

/** The list card: search, selection with batch delete, the rows (table or cards) and paging. */
export function PastesPanel({ list, page, onPageChange, searchInput, onSearchChange, searchHintId, searchTooShort, searching, actions }: PastesPanelProps) {
  const { t } = useTranslation();
  const remove = useDeletePastes();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [deleting, setDeleting] = useState<PasteListItemDto[] | null>(null);
  const [cardRef, cardWidth] = useElementWidth<HTMLDivElement>();
  // The table needs about 940 px; narrower (phones, or beside the sidebar) gets one card per paste.
  const compact = cardWidth > 0 && cardWidth < 940;
  const rows = list.data?.items ?? [];
  const total = list.data?.pagination.total ?? 0;
  // Only rows on this page count: a selection never deletes something the admin cannot see.
  const selectedRows = rows.filter((paste) => selected.has(paste.id));
  const allState = selectedRows.length === 0 ? false : selectedRows.length === rows.length ? true : 'indeterminate';

  function select(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }
  const selectAll = (on: boolean) => setSelected(on ? new Set(rows.map((paste) => paste.id)) : new Set());

  function startBulkDelete() {
    if (selectedRows.length === 0) return void toast.error(t('texts.errors.noneSelected'));
    setDeleting(selectedRows);
  }

  function confirmDelete() {
    if (!deleting) return;
    const ids = deleting.map((paste) => paste.id);
    remove.mutate(ids, {
      onSuccess: (count) => {
        toast.success(t('texts.toast.deleted', { count }));
        setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
        setDeleting(null);
        // Deleting the last rows of the last page would leave an empty page behind.
        if (ids.length >= rows.length && page > 1) onPageChange(page - 1);
      },
      onError: (error) => toast.error(t('texts.errors.delete'), { description: errorMessage(error) }),
    });
  }

  const listProps: PasteListProps = { pastes: rows, selected, onSelect: select, onDelete: (paste) => setDeleting([paste]), now: list.dataUpdatedAt, ...actions };

  return (
    <Card className="overflow-hidden" ref={cardRef}>
      <div className="flex flex-col gap-3 border-b border-line px-4 py-3 md:flex-row md:items-center md:justify-between">
        <div className="w-full md:max-w-sm">
          <SearchInput value={searchInput} onChange={onSearchChange} label={t('texts.search')} placeholder={t('texts.searchPlaceholder')} aria-describedby={searchTooShort ? searchHintId : undefined} />
          {searchTooShort ? (
            <p id={searchHintId} className="mt-1 text-xs text-fg-subtle">
              {t('texts.searchTooShort')}
            </p>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-3">
          <p className="flex items-center gap-3 text-sm text-fg-muted" aria-live="polite">
            {compact && rows.length > 0 ? <Checkbox checked={allState} onCheckedChange={selectAll} aria-label={t('texts.table.selectAll')} /> : null}
            {list.isSuccess ? t('texts.summary', { count: total, selected: selectedRows.length }) : '\u00a0'}
          </p>
          <Button variant="outline" size="sm" icon={<Trash2 />} onClick={startBulkDelete} disabled={!list.isSuccess || rows.length === 0}>
            {t('texts.bulkDelete')}
            {selectedRows.length > 0 ? ` (${selectedRows.length})` : ''}
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <LoadingRows />
      ) : list.isError ? (
        <ErrorState title={t('texts.errors.load')} message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : rows.length === 0 ? (
        searching ? (
          <EmptyState icon={SearchX} title={t('texts.emptySearch.title')} description={t('texts.emptySearch.description')} />
        ) : (
          <EmptyState icon={FileText} title={t('texts.empty.title')} description={t('texts.empty.description')} />
        )
      ) : (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={list.isPlaceholderData || undefined}>
          {compact ? <PastesCards {...listProps} /> : <PastesTable {...listProps} onSelectAll={selectAll} allState={allState} />}
        </div>
      )}
      <Pagination page={page} totalPages={list.data?.pagination.totalPages ?? 0} onPageChange={onPageChange} disabled={list.isFetching} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting?.length === 1 ? t('texts.confirm.deleteTitle', { slug: deleting[0]?.slug ?? '' }) : t('texts.confirm.bulkTitle', { count: deleting?.length ?? 0 })}
        description={t('texts.confirm.deleteDescription')}
        confirmLabel={t('texts.confirm.delete')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </Card>
  );
}

function LoadingRows() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 p-4" role="status" aria-label={t('common.loading')}>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="flex items-center gap-4">
          <Skeleton className="size-4" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-4 flex-1" />
        </div>
      ))}
    </div>
  );
}
