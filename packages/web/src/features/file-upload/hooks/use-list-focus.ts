import { useLayoutEffect, useRef, type RefObject } from 'react';

/** Focus fell to <body>: the button that had it was removed, or disabled, by what it did. */
function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * Keeps keyboard focus in the upload list when an action takes away the button that ran it (Remove,
 * Retry, Clear finished): focus goes to the first button of the row now at that place (the same file,
 * the next one, or the last), else to the list itself, else to `onEmpty` (the list is gone). Returns
 * `keep(index, action)`: `index` is the row acted on, -1 for the whole list.
 */
export function useListFocus(
  list: RefObject<HTMLElement | null>,
  onEmpty?: () => void,
): (index: number, action: () => void) => void {
  const pending = useRef<number | null>(null);
  // After the commit the action caused (queue changes re-render the list at once).
  useLayoutEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    if (!focusLost()) return;
    const section = list.current;
    if (!section) return onEmpty?.();
    const rows = section.querySelectorAll<HTMLElement>(':scope > ul > li');
    const row = index >= 0 ? rows[Math.min(index, rows.length - 1)] : undefined;
    const button = row?.querySelector<HTMLButtonElement>('[data-row-actions] button:not(:disabled)');
    (button ?? section).focus();
  });
  return (index, action) => {
    pending.current = index;
    action();
  };
}
