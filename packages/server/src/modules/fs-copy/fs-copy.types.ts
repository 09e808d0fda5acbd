import type { CopyItem } from '@driftbox/contract';

/** The task type copies run as (the original's job type). */
export const COPY_TASK = 'copy';

/**
 * A copy task's payload: the original's `{ items, skipExisting }`, paths already normalised and
 * authorised when it was queued. Retry replaces `items` with the failed ones (single files of a folder
 * copy are failed items of their own, so a retry copies only them).
 */
export interface CopyPayload {
  items: CopyItem[];
  skipExisting: boolean;
}

/**
 * Where a copy stands, saved after every finished file: items before `index` are done; inside a folder
 * item (`inFolder`), the listing page at `cursor` (null: the first) is done up to the key `after`, and
 * `pageCounted` says that page's files are already in `total`. A resumed run starts exactly there.
 */
export interface CopyState {
  index: number;
  inFolder: boolean;
  cursor: string | null;
  after: string | null;
  pageCounted: boolean;
  /** Files known so far (a folder counts as the files listed of it), for the progress bar. */
  total: number;
  /** Files finished, copied, skipped or failed. */
  done: number;
  copied: number;
  skipped: number;
}

export function initialState(items: number): CopyState {
  return {
    index: 0,
    inFolder: false,
    cursor: null,
    after: null,
    pageCounted: false,
    total: items,
    done: 0,
    copied: 0,
    skipped: 0,
  };
}

/** A saved state, or a fresh one when there is none (or it is not one of ours). */
export function stateOf(checkpoint: unknown, items: number): CopyState {
  if (typeof checkpoint !== 'object' || checkpoint === null) return initialState(items);
  const state = checkpoint as Partial<CopyState>;
  return typeof state.index === 'number' ? { ...initialState(items), ...state } : initialState(items);
}
