import { SEARCH_MIN_CHARS } from '@driftbox/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value';

/** Spec §5: a search needs at least 2 characters; shorter input lists everything. */
export function searchTerm(input: string): string | undefined {
  const term = input.trim();
  return term.length >= SEARCH_MIN_CHARS ? term : undefined;
}

/** The query string keys of a management list: `?q=report&page=3`. */
const LIST_SEARCH_PARAMS = { search: 'q', page: 'page' } as const;

/** A page number from the query string: a whole number from 1, else page 1. */
function pageParam(raw: string | null): number {
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 1;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The state behind a management list's search box and pager. */
export interface ListSearch {
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** The checked term the list is filtered by, or undefined for everything. */
  search: string | undefined;
  page: number;
  /** `replace` corrects the page without a history entry (a page that no longer exists). */
  setPage: (page: number, options?: { replace?: boolean }) => void;
  /** Something is typed, but too little to search by. */
  searchTooShort: boolean;
}

/**
 * The search box and page of a management list, kept in the URL (`?q=…&page=…`) so a reload, a shared
 * link or Back returns to the same page. The term is debounced and checked before it reaches the URL
 * (replacing the entry: typing is not history), and a new term starts again from page 1; a page change
 * is a history entry of its own.
 */
export function useListSearch(): ListSearch {
  const [params, setParams] = useSearchParams();
  const urlSearch = searchTerm(params.get(LIST_SEARCH_PARAMS.search) ?? '');
  const page = pageParam(params.get(LIST_SEARCH_PARAMS.page));
  const [searchInput, setSearchInput] = useState(() => urlSearch ?? '');
  const typed = searchTerm(useDebouncedValue(searchInput, 300));
  // The term the URL was last brought in line with, so each effect below only follows the other side.
  const synced = useRef(urlSearch);

  useEffect(() => {
    if (typed === synced.current) return;
    synced.current = typed;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (typed) next.set(LIST_SEARCH_PARAMS.search, typed);
        else next.delete(LIST_SEARCH_PARAMS.search);
        next.delete(LIST_SEARCH_PARAMS.page);
        return next;
      },
      { replace: true },
    );
  }, [typed, setParams]);

  // Back or Forward to another term: the box shows it.
  useEffect(() => {
    if (urlSearch === synced.current) return;
    synced.current = urlSearch;
    setSearchInput(urlSearch ?? '');
  }, [urlSearch]);

  const setPage = useCallback(
    (next: number, options?: { replace?: boolean }) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next > 1) updated.set(LIST_SEARCH_PARAMS.page, String(next));
          else updated.delete(LIST_SEARCH_PARAMS.page);
          return updated;
        },
        { replace: options?.replace ?? false },
      ),
    [setParams],
  );

  return {
    searchInput,
    setSearchInput,
    search: urlSearch,
    page,
    setPage,
    searchTooShort: searchInput.trim().length > 0 && !searchTerm(searchInput),
  };
}
