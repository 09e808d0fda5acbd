/**
 * The explorer's selection as a pure state machine over the shown order of paths (Finder/Explorer
 * rules): a click selects one; Ctrl/Cmd toggles one; Shift selects the range from the anchor; the
 * focus is where the keyboard is.
 */
export interface SelectionState {
  selected: ReadonlySet<string>;
  /** Where a Shift range starts. */
  anchor: string | null;
  /** The keyboard's entry (the one Enter opens and F2 renames). */
  focus: string | null;
}

export const EMPTY_SELECTION: SelectionState = { selected: new Set(), anchor: null, focus: null };

export interface ClickModifiers {
  toggle?: boolean;
  range?: boolean;
}

function rangeBetween(order: readonly string[], from: string | null, to: string): string[] {
  const end = order.indexOf(to);
  const start = from === null ? -1 : order.indexOf(from);
  if (start < 0 || end < 0) return [to];
  const [low, high] = start <= end ? [start, end] : [end, start];
  return order.slice(low, high + 1);
}

/** A click (or tap) on `path` with the modifiers held. */
export function clickEntry(
  state: SelectionState,
  order: readonly string[],
  path: string,
  { toggle = false, range = false }: ClickModifiers = {},
): SelectionState {
  if (range) {
    const paths = rangeBetween(order, state.anchor, path);
    const selected = toggle ? new Set([...state.selected, ...paths]) : new Set(paths);
    return { selected, anchor: state.anchor ?? path, focus: path };
  }
  if (toggle) {
    const selected = new Set(state.selected);
    if (selected.has(path)) selected.delete(path);
    else selected.add(path);
    return { selected, anchor: path, focus: path };
  }
  return { selected: new Set([path]), anchor: path, focus: path };
}

/** Arrow keys: moves the focus by `delta` entries; with Shift the range follows it. */
export function moveFocus(
  state: SelectionState,
  order: readonly string[],
  delta: number,
  extend: boolean,
): SelectionState {
  if (order.length === 0) return state;
  const current = state.focus === null ? -1 : order.indexOf(state.focus);
  const index =
    current < 0 ? (delta > 0 ? 0 : order.length - 1) : Math.min(order.length - 1, Math.max(0, current + delta));
  const path = order[index] as string;
  if (extend) return clickEntry(state, order, path, { range: true });
  return { selected: new Set([path]), anchor: path, focus: path };
}

/** Ctrl/Cmd+A. */
export function selectAll(state: SelectionState, order: readonly string[]): SelectionState {
  return { ...state, selected: new Set(order), focus: state.focus ?? order[0] ?? null };
}

/** Drops selected paths that are no longer shown (after a delete, a move or a refresh). */
export function pruneSelection(state: SelectionState, order: readonly string[]): SelectionState {
  const shown = new Set(order);
  const kept = [...state.selected].filter((path) => shown.has(path));
  if (kept.length === state.selected.size && (state.focus === null || shown.has(state.focus))) return state;
  return {
    selected: new Set(kept),
    anchor: state.anchor !== null && shown.has(state.anchor) ? state.anchor : null,
    focus: state.focus !== null && shown.has(state.focus) ? state.focus : null,
  };
}

/** One entry selected and focused (after a rename, or back in the folder one came up from). */
export function selectOnly(path: string): SelectionState {
  return { selected: new Set([path]), anchor: path, focus: path };
}

/**
 * After `removed` left the folder (deleted or moved away): the entry now in the place of the first one
 * removed (else the one before it), so the keyboard stays in the list instead of starting over.
 */
export function afterRemoval(order: readonly string[], removed: readonly string[]): SelectionState {
  const gone = new Set(removed);
  const first = order.findIndex((path) => gone.has(path));
  if (first < 0) return EMPTY_SELECTION;
  const next = order.slice(first).find((path) => !gone.has(path)) ?? order[first - 1];
  return next === undefined ? EMPTY_SELECTION : selectOnly(next);
}

/** Coming up from `from` into `path`: the entry of `path` on the way to `from` (null when not below it). */
export function entryTowards(path: string, from: string | null | undefined): string | null {
  if (!from) return null;
  const prefix = path === '/' ? '/' : `${path}/`;
  if (!from.startsWith(prefix) || from === path) return null;
  const next = from.slice(prefix.length).split('/')[0];
  return next ? prefix + next : null;
}
