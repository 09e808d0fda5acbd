import { useState } from 'react';

/** The selection of a paged list's rows, as useRowSelection keeps it. */
export interface RowSelection<T> {
  selected: ReadonlySet<string>;
  /** The selected rows of the current page. */
  selectedRows: T[];
  /** For a select-all checkbox. */
  allState: boolean | 'indeterminate';
  select: (id: string, on: boolean) => void;
  selectAll: (on: boolean) => void;
  /** Drops ids from the selection, e.g. after they were deleted. */
  forget: (ids: readonly string[]) => void;
}

/**
 * Row selection of a paged list. Only rows on the current page count, so a batch action never
 * touches something the user cannot see.
 */
export function useRowSelection<T extends { id: string }>(rows: readonly T[]): RowSelection<T> {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const selectedRows = rows.filter((row) => selected.has(row.id));
  const allState: boolean | 'indeterminate' =
    selectedRows.length === 0 ? false : selectedRows.length === rows.length ? true : 'indeterminate';
  return {
    selected,
    selectedRows,
    allState,
    select(id: string, on: boolean) {
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    selectAll: (on: boolean) => setSelected(on ? new Set(rows.map((row) => row.id)) : new Set()),
    forget: (ids: readonly string[]) =>
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id)))),
  };
}
