import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useElementWidth } from '../../../lib/hooks/use-element-width';
import { explorerKeyHandler } from '../hooks/use-explorer-keys';
import { useLongPress } from '../hooks/use-long-press';
import type { ExplorerEntry } from '../lib/fs-entry';
import { clickEntry, EMPTY_SELECTION, type SelectionState } from '../lib/selection';
import type { ViewMode } from '../lib/view-prefs';
import { EntryRow } from './entry-row';
import { EntryTile } from './entry-tile';

/** Row heights and the narrowest tile per view (the grid's tiles fill the row). */
const LAYOUT: Record<ViewMode, { row: number; tile: number }> = {
  list: { row: 52, tile: 0 },
  grid: { row: 148, tile: 128 },
  gallery: { row: 228, tile: 196 },
};
const GAP = 8;
/** Load the next page while this many rows are still ahead of the last one shown. */
const PREFETCH_ROWS = 10;

export interface EntryViewProps {
  label: string;
  entries: readonly ExplorerEntry[];
  view: ViewMode;
  selection: SelectionState;
  setSelection(next: SelectionState): void;
  onOpen(entry: ExplorerEntry): void;
  /** Right click, long press or a "more" button: `entry` null for the folder's background. */
  onMenu(x: number, y: number, entry: ExplorerEntry | null): void;
  onDelete(): void;
  onRename(entry: ExplorerEntry): void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/**
 * The folder's entries, virtualised (TanStack Virtual: only the rows on screen exist, so 10 000 entries
 * scroll like 10), with the next listing page loaded as the end comes near. One listbox for every view:
 * selection by click, Ctrl/Cmd, Shift and keys; tap opens on touch, a long press opens the menu.
 */
export function EntryView(props: EntryViewProps) {
  const { entries, view, selection, setSelection, hasMore, loadingMore, loadMore } = props;
  const { t } = useTranslation();
  const baseId = useId();
  const [scrollRef, width] = useElementWidth<HTMLDivElement>();
  // Phones get two gallery columns instead of one huge tile.
  const layout = view === 'gallery' && width > 0 && width < 560 ? { row: 196, tile: 150 } : LAYOUT[view];
  const columns = view === 'list' ? 1 : Math.max(1, Math.floor(((width || 800) - 16 + GAP) / (layout.tile + GAP)));
  const rowCount = Math.ceil(entries.length / columns);
  const order = useMemo(() => entries.map((entry) => entry.path), [entries]);
  const indexOf = useMemo(() => new Map(order.map((path, index) => [path, index])), [order]);
  const byPath = (path: string | null) => (path === null ? undefined : entries[indexOf.get(path) ?? -1]);
  const lastPointer = useRef<string>('mouse');

  const rowSize = layout.row + (view === 'list' ? 0 : GAP);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowSize,
    overscan: 6,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, view, columns]);

  const virtualRows = virtualizer.getVirtualItems();
  const lastShown = virtualRows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= rowCount - PREFETCH_ROWS) loadMore();
  }, [hasMore, loadingMore, lastShown, rowCount, loadMore]);

  // Opened from the keyboard (the panel has the focus, or nothing has): the list takes it, so the keys go on working.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.hasAttribute('data-explorer-panel')) scrollRef.current?.focus();
  }, [scrollRef]);

  const focusIndex = selection.focus === null ? -1 : (indexOf.get(selection.focus) ?? -1);
  const shownFocus = useRef({ path: null as string | null, row: -1, columns });
  useEffect(() => {
    const row = focusIndex < 0 ? -1 : Math.floor(focusIndex / columns);
    const before = shownFocus.current;
    shownFocus.current = { path: selection.focus, row, columns };
    if (row < 0 || row === before.row) return;
    const { startIndex, endIndex } = virtualizer.range ?? { startIndex: -1, endIndex: -1 };
    if (before.path !== selection.focus || before.columns !== columns)
      virtualizer.scrollToIndex(row, { align: 'auto' });
    // The same entry moved (more of the folder came in and the order changed): where it was on screen, it
    // stays there, the list moving under it; off screen, the view stays where the user scrolled.
    else if (before.row >= startIndex && before.row <= endIndex) virtualizer.scrollBy((row - before.row) * rowSize);
  }, [selection.focus, focusIndex, columns, virtualizer, rowSize]);

  const entryAt = (target: EventTarget | null) => {
    const element = (target as HTMLElement | null)?.closest?.('[data-path]');
    return element ? byPath(element.getAttribute('data-path')) : undefined;
  };
  const menuFor = (x: number, y: number, entry: ExplorerEntry | undefined) => {
    if (entry && !selection.selected.has(entry.path)) setSelection(clickEntry(selection, order, entry.path));
    props.onMenu(x, y, entry ?? null);
  };
  const longPress = useLongPress((x, y, target) => menuFor(x, y, entryAt(target)));

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (longPress.consumeClick()) return;
    const entry = entryAt(event.target);
    const menuButton = (event.target as HTMLElement).closest('[data-menu-button]');
    if (menuButton && entry) {
      const rect = menuButton.getBoundingClientRect();
      menuFor(rect.left, rect.bottom, entry);
      return;
    }
    if (!entry) {
      setSelection(EMPTY_SELECTION);
      return;
    }
    if (lastPointer.current !== 'mouse' && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
      // Touch: a tap opens, unless entries are being picked (then it adds or drops this one).
      if (selection.selected.size === 0) props.onOpen(entry);
      else setSelection(clickEntry(selection, order, entry.path, { toggle: true }));
      return;
    }
    setSelection(
      clickEntry(selection, order, entry.path, { toggle: event.ctrlKey || event.metaKey, range: event.shiftKey }),
    );
  };

  const onKeyDown = explorerKeyHandler({
    order,
    columns,
    selection,
    setSelection,
    open: (path) => {
      const entry = byPath(path);
      if (entry) props.onOpen(entry);
    },
    remove: props.onDelete,
    rename: (path) => {
      const entry = byPath(path);
      if (entry) props.onRename(entry);
    },
    menu: (path) => {
      const entry = byPath(path);
      const index = path === null ? -1 : (indexOf.get(path) ?? -1);
      const element = (index >= 0 && document.getElementById(`${baseId}-${index}`)) || scrollRef.current;
      const rect = element?.getBoundingClientRect();
      if (rect) menuFor(rect.left + 16, entry ? rect.bottom : rect.top + 16, entry);
    },
  });

  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label={props.label}
      aria-multiselectable="true"
      aria-activedescendant={focusIndex >= 0 ? `${baseId}-${focusIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onDoubleClick={(event) => {
        const entry = entryAt(event.target);
        if (entry && lastPointer.current === 'mouse') props.onOpen(entry);
      }}
      onContextMenu={(event) => {
        event.preventDefault();
        if (lastPointer.current !== 'mouse') return; // the long press handles touch
        menuFor(event.clientX, event.clientY, entryAt(event.target));
      }}
      onPointerDown={(event) => {
        lastPointer.current = event.pointerType || 'mouse';
        longPress.onPointerDown(event);
      }}
      onPointerMove={longPress.onPointerMove}
      onPointerUp={longPress.onPointerUp}
      onPointerCancel={longPress.onPointerCancel}
      className={cn(
        'relative min-h-0 flex-1 overflow-auto overscroll-contain outline-none [-webkit-touch-callout:none]',
        // The focused entry shows its own ring; the list shows one only before any entry has the focus.
        focusIndex < 0 && 'focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset',
      )}
    >
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() + (view === 'list' ? 0 : GAP) }}>
        {virtualRows.map((row) => {
          const first = row.index * columns;
          const rowEntries = entries.slice(first, first + columns);
          return (
            <div
              key={row.key}
              className="absolute inset-x-0"
              style={{ top: row.start + (view === 'list' ? 0 : GAP), height: layout.row }}
            >
              {view === 'list' ? (
                rowEntries.map((entry) => (
                  <EntryRow
                    key={entry.path}
                    entry={entry}
                    id={`${baseId}-${first}`}
                    selected={selection.selected.has(entry.path)}
                    focused={selection.focus === entry.path}
                  />
                ))
              ) : (
                <div
                  className="grid h-full gap-2 px-2"
                  style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
                >
                  {rowEntries.map((entry, offset) => (
                    <EntryTile
                      key={entry.path}
                      entry={entry}
                      id={`${baseId}-${first + offset}`}
                      selected={selection.selected.has(entry.path)}
                      focused={selection.focus === entry.path}
                      gallery={view === 'gallery'}
                    />
                  ))}
                </div>
              )}
            </div>
          );
        })}
      </div>
      {loadingMore ? (
        <div className="flex items-center justify-center gap-2 py-3 text-sm text-fg-muted" role="status">
          <Spinner className="size-4" />
          {t('explorer.loadingMore')}
        </div>
      ) : null}
    </div>
  );
}
