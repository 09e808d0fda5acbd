import type { UseQueryResult } from '@tanstack/react-query';
import { CloudOff, SearchX, Trash2, type LucideIcon } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '../../lib/api/api-client';
import { errorMessage } from '../../lib/api/error-message';
import type { ListSearch } from '../../lib/hooks/list-search';
import { useElementWidth } from '../../lib/hooks/use-element-width';
import type { RowSelection } from '../../lib/hooks/use-row-selection';
import { Button } from './button';
import { Card } from './card';
import { Checkbox } from './checkbox';
import { EmptyState } from './empty-state';
import { ErrorState } from './error-state';
import { ListSkeleton } from './list-skeleton';
import { Pagination } from './pagination';
import { SearchInput } from './search-input';
import { toast } from './toaster';

export interface ListPanelProps<T extends { id: string }> {
  /** The locale section holding this list's strings; each has the same keys (search, summary, empty…). */
  section: 'files' | 'texts';
  list: UseQueryResult<ListPage<T>>;
  search: ListSearch;
  selection: RowSelection<T>;
  /** Below this card width the rows render as cards instead of a table. */
  compactBelow: number;
  emptyIcon: LucideIcon;
  /** Called with the selected rows of this page; an empty selection is refused with a toast first. */
  onBulkDelete: (rows: T[]) => void;
  renderRows: (compact: boolean) => ReactNode;
  /** Dialogs that belong to the list. */
  children?: ReactNode;
}

/** A management list card: search, selection with batch delete, the rows (table or cards) and paging. */
export function ListPanel<T extends { id: string }>({
  section,
  list,
  search,
  selection,
  compactBelow,
  emptyIcon,
  onBulkDelete,
  renderRows,
  children,
}: ListPanelProps<T>) {
  const { t } = useTranslation();
  const hintId = useId();
  const [cardRef, cardWidth] = useElementWidth<HTMLDivElement>();
  const compact = cardWidth > 0 && cardWidth < compactBelow;
  const rows = list.data?.items ?? [];
  const total = list.data?.pagination.total ?? 0;
  const totalPages = list.data?.pagination.totalPages ?? 0;
  const { selectedRows, allState, selectAll } = selection;
  const { page, setPage } = search;

  // A page from the URL that no longer exists (rows were deleted since): show the last one instead,
  // or the first when none is left.
  useEffect(() => {
    const last = Math.max(1, totalPages);
    if (list.isSuccess && !list.isPlaceholderData && page > last) setPage(last, { replace: true });
  }, [list.isSuccess, list.isPlaceholderData, totalPages, page, setPage]);

  function startBulkDelete() {
    if (selectedRows.length === 0) return void toast.error(t(`${section}.errors.noneSelected`));
    onBulkDelete(selectedRows);
  }

  // A size container: a table can drop a column where the card (not the window) is narrow.
  return (
    <Card className="@container overflow-hidden" ref={cardRef}>
      <div className="flex flex-col gap-3 border-b border-line px-4 py-3 md:flex-row md:items-center md:justify-between">
        <div className="w-full md:max-w-sm">
          <SearchInput
            value={search.searchInput}
            onChange={search.setSearchInput}
            label={t(`${section}.search`)}
            placeholder={t(`${section}.searchPlaceholder`)}
            aria-describedby={search.searchTooShort ? hintId : undefined}
          />
          {search.searchTooShort ? (
            <p id={hintId} className="mt-1 text-xs text-fg-subtle">
              {t(`${section}.searchTooShort`)}
            </p>
          ) : null}
        </div>
        <div className="flex items-center justify-between gap-3">
          <p className="flex min-w-0 items-center gap-3 whitespace-nowrap text-sm text-fg-muted" aria-live="polite">
            {compact && rows.length > 0 ? (
              <Checkbox checked={allState} onCheckedChange={selectAll} aria-label={t(`${section}.table.selectAll`)} />
            ) : null}
            <span className="truncate">
              {list.isSuccess ? t(`${section}.summary`, { count: total, selected: selectedRows.length }) : '\u00a0'}
            </span>
          </p>
          {/* On a phone the summary and the button share one line: the button says just "Delete". */}
          <Button
            variant="outline"
            size="sm"
            className="shrink-0"
            icon={<Trash2 />}
            onClick={startBulkDelete}
            disabled={!list.isSuccess || rows.length === 0}
          >
            {compact ? t(`${section}.actions.delete`) : t(`${section}.bulkDelete`)}
            {selectedRows.length > 0 ? ` (${selectedRows.length})` : ''}
          </Button>
        </div>
      </div>
      {list.isPending && list.fetchStatus === 'paused' ? (
        // Offline, and this list was never opened on this device: it loads when the connection is back.
        <EmptyState icon={CloudOff} title={t('pwa.offline.notSavedTitle')} description={t('pwa.offline.notSaved')} />
      ) : list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <ErrorState
          title={t(`${section}.errors.load`)}
          message={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : rows.length === 0 ? (
        search.search !== undefined ? (
          <EmptyState
            icon={SearchX}
            title={t(`${section}.emptySearch.title`)}
            description={t(`${section}.emptySearch.description`)}
          />
        ) : (
          <EmptyState
            icon={emptyIcon}
            title={t(`${section}.empty.title`)}
            description={t(`${section}.empty.description`)}
          />
        )
      ) : (
        <div
          className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {renderRows(compact)}
        </div>
      )}
      <Pagination page={page} totalPages={totalPages} onPageChange={setPage} disabled={list.isFetching} />
      {children}
    </Card>
  );
}
