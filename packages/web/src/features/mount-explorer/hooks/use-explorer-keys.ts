import type { KeyboardEvent } from 'react';
import { moveFocus, selectAll, EMPTY_SELECTION, type SelectionState } from '../lib/selection';

export interface ExplorerKeyActions {
  order: readonly string[];
  /** Entries per row: 1 in the list, the tiles per row in the grid and gallery. */
  columns: number;
  selection: SelectionState;
  setSelection(next: SelectionState): void;
  open(path: string): void;
  goUp(): void;
  remove(): void;
  rename(path: string): void;
}

/**
 * The explorer's keys (Finder/Explorer): arrows move (Shift extends), Home/End, Enter opens,
 * Backspace or Alt+↑ goes up, Delete asks to delete, F2 renames, Ctrl/Cmd+A selects all, Escape clears.
 */
export function explorerKeyHandler(actions: ExplorerKeyActions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const { order, columns, selection, setSelection } = actions;
    const move = (delta: number) => {
      event.preventDefault();
      setSelection(moveFocus(selection, order, delta, event.shiftKey));
    };
    if (event.altKey && event.key === 'ArrowUp') {
      event.preventDefault();
      actions.goUp();
      return;
    }
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
      case 'Backspace':
        event.preventDefault();
        actions.goUp();
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
      case 'Escape':
        if (selection.selected.size > 0) setSelection(EMPTY_SELECTION);
        return;
      default:
        return;
    }
  };
}
