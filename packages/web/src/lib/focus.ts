/** Focus helpers for places where the focused element goes away (a closed dialog's opener, a new page). */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]';

/** Moves focus to `element`, making it focusable by script (not by Tab) when it is not focusable itself. */
export function focusElement(element: HTMLElement): void {
  if (!element.hasAttribute('tabindex') && element.tabIndex < 0) element.setAttribute('tabindex', '-1');
  element.focus();
}

/** The page's own start: its h1 inside `main`, else `main`. Returns false when neither exists. */
export function focusPageHeading(): boolean {
  const main = document.getElementById('main');
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return false;
  focusElement(target);
  return true;
}

/** Where an element sat in a list (a table row or a list item), to find its neighbour once it is gone. */
export interface ListPlace {
  list: Element;
  index: number;
}

export function listPlaceOf(element: Element): ListPlace | null {
  const row = element.closest('tr, li');
  const list = row?.parentElement;
  if (!row || !list) return null;
  return { list, index: Array.prototype.indexOf.call(list.children, row) as number };
}

/**
 * Focus for an element that was removed from a list (a deleted row): the row that took its place, else the
 * one before it; its first control (or the row itself). False when the list itself is gone or empty.
 */
export function focusListNeighbour(place: ListPlace): boolean {
  if (!place.list.isConnected) return false;
  const rows = Array.from(place.list.children);
  const row = rows[Math.min(place.index, rows.length - 1)];
  if (!(row instanceof HTMLElement)) return false;
  focusElement(row.querySelector<HTMLElement>(FOCUSABLE) ?? row);
  return true;
}
