import { SEARCH_MIN_CHARS } from '@driftbox/contract';
import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value';

/** Spec §5: a search needs at least 2 characters; shorter input lists everything. */
export function searchTerm(input: string): string | undefined {
  const term = input.trim();
  return term.length >= SEARCH_MIN_CHARS ? term : undefined;
}

/** The state behind a management list's search box and pager. */
export interface ListSearch {
  searchInput: string;
  setSearchInput: (value: string) => void;
  /** The checked term the list is filtered by, or undefined for everything. */
  search: string | undefined;
  page: number;
  setPage: (page: number) => void;
  /** Something is typed, but too little to search by. */
  searchTooShort: boolean;
}

/**
 * The search box and page of a management list: the term is debounced and checked, and a new term
 * starts again from page 1.
 */
export function useListSearch(): ListSearch {
  const [searchInput, setSearchInput] = useState('');
  const search = searchTerm(useDebouncedValue(searchInput, 300));
  const [pageState, setPageState] = useState({ page: 1, search });
  const page = pageState.search === search ? pageState.page : 1;
  return {
    searchInput,
    setSearchInput,
    search,
    page,
    setPage: (next: number) => setPageState({ page: next, search }),
    searchTooShort: searchInput.trim().length > 0 && !searchTerm(searchInput),
  };
}
