import { useCallback, useLayoutEffect, useRef } from 'react';
import { focusListNeighbour, focusPageHeading, listPlaceOf, type ListPlace } from '../../lib/focus';

/**
 * Focus back to whatever opened a dialog. Radix returns focus to its Trigger, and these dialogs are
 * opened from state rather than a Trigger, so without this a closed dialog left focus on <body> and a
 * keyboard user started over at the top of the page. The opener is read when the dialog opens (a
 * layout effect runs before Radix moves focus inside); the returned handler is the content's
 * `onCloseAutoFocus`. An opener that is gone by then (its row deleted, the form dialog that opened this
 * one closed) hands focus to the row now in its place, else to the page's heading.
 */
export function useReturnFocus(open: boolean): (event: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const place = useRef<ListPlace | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    place.current = opener.current ? listPlaceOf(opener.current) : null;
  }, [open]);
  return useCallback((event: Event) => {
    const target = opener.current;
    const row = place.current;
    opener.current = null;
    place.current = null;
    event.preventDefault();
    if (target?.isConnected) target.focus();
    else if (!(row && focusListNeighbour(row))) focusPageHeading();
  }, []);
}
