import { useEffect, useMemo } from 'react';
import { useFolder } from '../api/list-folder';
import { toExplorerEntry } from '../lib/fs-entry';
import { followsServerOrder, sortEntries, type SortOrder } from '../lib/sort';

/** The whole folder is being loaded for an order the server does not list in: how far it got. */
export interface SortProgress {
  loaded: number;
  failed: boolean;
  retry(): void;
}

/**
 * A folder's entries in `order`, correct for the whole folder. In the server's own order (name ascending) the
 * pages load as the user scrolls (`pagedByScroll`). In any other order the remaining pages load in the background,
 * one after the other, until the last: until then `sorting` says how many entries are in. Leaving the folder
 * (the panel unmounts) cancels the page in flight: the query's fetch takes the abort signal, and TanStack Query
 * cancels a fetch whose signal was taken once no one observes it; the pages already loaded stay cached.
 */
export function useSortedFolder(path: string, order: SortOrder) {
  const folder = useFolder(path);
  const pagedByScroll = followsServerOrder(order);
  const { hasNextPage, isFetching, isError, fetchNextPage } = folder;
  const loadRest = !pagedByScroll && hasNextPage;
  // A page can come in between two renders (isFetching false in both): the page count tells the effect.
  const pageCount = folder.data?.pages.length ?? 0;

  useEffect(() => {
    // One page at a time; a refetch of the pages (a write elsewhere, a refresh) finishes first; an error stops.
    if (loadRest && !isFetching && !isError) void fetchNextPage({ cancelRefetch: false });
  }, [loadRest, isFetching, isError, fetchNextPage, pageCount]);

  const pages = folder.data?.pages;
  const entries = useMemo(
    () =>
      sortEntries(
        (pages ?? []).flatMap((page) => page.items.map(toExplorerEntry)),
        order,
      ),
    [pages, order],
  );
  const sorting: SortProgress | null =
    loadRest && pages
      ? {
          loaded: pages.reduce((sum, page) => sum + page.items.length, 0),
          failed: folder.isFetchNextPageError,
          retry: () => void fetchNextPage({ cancelRefetch: false }),
        }
      : null;
  return { folder, entries, pagedByScroll, sorting };
}
