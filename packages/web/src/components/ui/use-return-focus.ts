import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * Focus back to whatever opened a dialog. Radix returns focus to its Trigger, and these dialogs are
 * opened from state rather than a Trigger, so without this a closed dialog left focus on <body> and a
 * keyboard user started over at the top of the page. The opener is read when the dialog opens (a
 * layout effect runs before Radix moves focus inside); the returned handler is the content's
 * `onCloseAutoFocus`. An opener that is gone by then (its row deleted) leaves Radix's default.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    opener.current = null;
    if (!target?.isConnected) return;
    event.preventDefault();
    target.focus();
  }, []);
}
