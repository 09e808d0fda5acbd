import type { FsSearchResultDto } from '@driftbox/contract';
import { File, Folder, FolderOpen, SearchX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { errorMessage } from '../../../lib/api/error-message';
import { formatBytes } from '../../../lib/format';
import { useFsSearch, type SearchParams } from '../api/search';
import { folderOf } from '../lib/search-scope';

export interface SearchResultsProps {
  params: SearchParams;
  onOpen: (path: string, isDirectory: boolean) => void;
  onReveal: (folderPath: string, name: string) => void;
}

/** The result pages of one search: rows with their folder, "load more", and the loading, empty and error states. */
export function SearchResults({ params, onOpen, onReveal }: SearchResultsProps) {
  const { t } = useTranslation();
  const search = useFsSearch(params);
  if (search.isPending) return <ListSkeleton rows={3} />;
  // A failed further page keeps the pages already shown (the error is said under them).
  if (search.isError && !search.isFetchNextPageError)
    return (
      <ErrorState
        title={t('fsSearch.errors.failed')}
        message={errorMessage(search.error, { preferServer: true })}
        onRetry={() => void search.refetch()}
        retrying={search.isFetching}
      />
    );
  const pages = search.data?.pages ?? [];
  const results = pages.flatMap((p) => p.results);
  const total = pages[0]?.total ?? 0;
  const indexing = (pages[0]?.mountsIndexing.length ?? 0) > 0;
  return (
    <div className="flex flex-col gap-2">
      <p className="text-xs text-fg-muted" aria-live="polite">
        {t('fsSearch.count', { count: total })}
      </p>
      {indexing ? <p className="text-xs text-warning-text">{t('fsSearch.indexing')}</p> : null}
      {results.length === 0 ? (
        <EmptyState icon={SearchX} title={t('fsSearch.empty.title')} description={t('fsSearch.empty.description')} />
      ) : (
        <ul
          className="flex flex-col divide-y divide-line rounded-xl border border-line"
          aria-label={t('fsSearch.results')}
        >
          {results.map((result) => (
            <ResultRow key={result.path} result={result} onOpen={onOpen} onReveal={onReveal} />
          ))}
        </ul>
      )}
      {search.isFetchNextPageError ? (
        <p className="text-xs text-danger-text" role="alert">
          {t('fsSearch.errors.loadMore')}
        </p>
      ) : null}
      {search.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="self-center"
          loading={search.isFetchingNextPage}
          onClick={() => void search.fetchNextPage()}
        >
          {t('fsSearch.loadMore', { shown: results.length, total })}
        </Button>
      ) : null}
    </div>
  );
}

function ResultRow({
  result,
  onOpen,
  onReveal,
}: {
  result: FsSearchResultDto;
  onOpen: (path: string, isDirectory: boolean) => void;
  onReveal: (folderPath: string, name: string) => void;
}) {
  const { t } = useTranslation();
  const folder = folderOf(result.path);
  const Icon = result.isDirectory ? Folder : File;
  return (
    <li className="flex items-center gap-2 px-2 py-1.5">
      {/* Named by what it shows (name, folder, size): a label of its own left out the size (WCAG 2.5.3). */}
      <button
        type="button"
        onClick={() => onOpen(result.path, result.isDirectory)}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-1 py-1 text-left outline-none hover:bg-subtle focus-visible:ring-2 focus-visible:ring-accent"
      >
        <Icon className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm text-fg">{result.name}</span>
          <span className="block truncate font-mono text-xs text-fg-subtle" title={folder}>
            {folder}
          </span>
        </span>
        {result.isDirectory ? null : (
          <span className="shrink-0 text-xs text-fg-muted tabular-nums">{formatBytes(result.size)}</span>
        )}
      </button>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={() => onReveal(folder, result.name)}
        aria-label={t('fsSearch.revealNamed', { name: result.name })}
        title={t('fsSearch.reveal')}
      >
        <FolderOpen />
      </Button>
    </li>
  );
}
