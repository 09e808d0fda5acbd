import type { ExplorerEntry } from './fs-entry';

export type SortKey = 'name' | 'size' | 'modified' | 'type';
export type SortDirection = 'asc' | 'desc';
export interface SortOrder {
  key: SortKey;
  direction: SortDirection;
}

export const SORT_KEYS: readonly SortKey[] = ['name', 'size', 'modified', 'type'];

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function compareBy(key: SortKey, a: ExplorerEntry, b: ExplorerEntry): number {
  switch (key) {
    case 'size':
      return (a.size ?? -1) - (b.size ?? -1);
    case 'modified':
      return (a.modified ?? '').localeCompare(b.modified ?? '');
    case 'type':
      return collator.compare(extensionOf(a.name), extensionOf(b.name)) || collator.compare(a.typeName, b.typeName);
    default:
      return 0;
  }
}

/** Folders first (always, whatever the direction), then by `order`, names breaking ties. */
export function sortEntries(entries: readonly ExplorerEntry[], order: SortOrder): ExplorerEntry[] {
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...entries].sort((a, b) => {
    if (a.isDirectory !== b.isDirectory) return a.isDirectory ? -1 : 1;
    const primary = order.key === 'name' ? 0 : compareBy(order.key, a, b);
    return sign * (primary || collator.compare(a.name, b.name));
  });
}

/**
 * Whether `order` can be shown page by page as the user scrolls. The server lists a folder in storage key
 * order (byte order, the same on LOCAL and S3), folders first within each page: the next page's entries sort
 * after the ones loaded, so name ascending grows at its end (a folder or a name differing only in case or digits
 * from a later page can still land above). Every other order needs the whole folder before it is final.
 */
export function followsServerOrder(order: SortOrder): boolean {
  return order.key === 'name' && order.direction === 'asc';
}
