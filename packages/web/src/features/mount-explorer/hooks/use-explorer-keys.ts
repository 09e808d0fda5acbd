import type { KeyboardEvent } from 'react';
import { moveFocus, selectAll, EMPTY_SELECTION, type SelectionState } from '../lib/selection';

export interface ExplorerKeyActions {
  order: readonly string[];
  /** Entries per row: 1 in the list, the tiles per row in the grid and gallery. */
  columns: number;
  selection: SelectionState;
  setSelection(next: SelectionState): void;
  open(path: string): void;
  remove(): void;
  rename(path: string): void;
  /** The context menu: of the focused entry, or of the folder when none has the focus. */
  menu(path: string | null): void;
}

/**
 * The list's keys (Finder/Explorer): arrows move (Shift extends), Home/End, Enter opens, Delete asks to
 * delete, F2 renames, the menu key or Shift+F10 opens the context menu, Ctrl/Cmd+A selects all, Escape clears. Going up (Backspace, Alt+↑) is the panel's
 * (`isGoUpKey`): it works in an empty folder too.
 */
export function explorerKeyHandler(actions: ExplorerKeyActions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const { order, columns, selection, setSelection } = actions;
    const move = (delta: number) => {
      event.preventDefault();
      setSelection(moveFocus(selection, order, delta, event.shiftKey));
    };
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelection(selectAll(selection, order));
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        return move(columns);
      case 'ArrowUp':
        return move(-columns);
      case 'ArrowRight':
        return columns > 1 ? move(1) : undefined;
      case 'ArrowLeft':
        return columns > 1 ? move(-1) : undefined;
      case 'Home':
        return move(-order.length);
      case 'End':
        return move(order.length);
      case 'Enter':
        if (selection.focus) {
          event.preventDefault();
          actions.open(selection.focus);
        }
        return;
      case 'Delete':
        if (selection.selected.size > 0) {
          event.preventDefault();
          actions.remove();
        }
        return;
      case 'F2':
        if (selection.focus) {
          event.preventDefault();
          actions.rename(selection.focus);
        }
        return;
      case 'ContextMenu':
        event.preventDefault();
        actions.menu(selection.focus);
        return;
      case 'F10':
        if (event.shiftKey) {
          event.preventDefault();
          actions.menu(selection.focus);
        }
        return;
      case 'Escape':
        if (selection.selected.size > 0) setSelection(EMPTY_SELECTION);
        return;
      default:
        return;
    }
  };
}

/** Backspace or Alt+↑ outside a text field: up one folder. */
export function isGoUpKey(event: KeyboardEvent<HTMLElement>): boolean {
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="alertdialog"]'))
    return false;
  return event.key === 'Backspace' || (event.altKey && event.key === 'ArrowUp');
}
