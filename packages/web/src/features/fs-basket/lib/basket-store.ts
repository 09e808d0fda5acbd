import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { readStorageJson, writeStorage } from '../../../lib/browser-storage';

/** localStorage key of the basket (spec §3 "File basket item"): kept across reloads and shared by tabs. */
export const BASKET_STORAGE_KEY = 'driftbox_fs_basket';
/** The archive route takes at most this many paths (contract FS_ARCHIVE_MAX_PATHS). */
export const BASKET_MAX_ITEMS = 1000;

/** What the explorer adds: a file (or folder) by its virtual path; the folder and the time are filled in. */
export interface BasketItem {
  path: string;
  name: string;
  size: number | null;
  isDirectory?: boolean;
  /** The folder it came from; derived from `path` when left out. */
  directory?: string;
  /** ISO time it was added; now when left out. */
  addedAt?: string;
}

const StoredItem = z.object({
  path: z.string().min(1),
  name: z.string(),
  size: z.number().nullable(),
  isDirectory: z.boolean(),
  directory: z.string(),
  addedAt: z.string(),
});
export type BasketEntry = z.infer<typeof StoredItem>;

const listeners = new Set<() => void>();
let items: BasketEntry[] = read();

function read(): BasketEntry[] {
  const parsed = z.array(StoredItem).safeParse(readStorageJson(BASKET_STORAGE_KEY));
  return parsed.success ? parsed.data : [];
}

function set(next: BasketEntry[]): void {
  items = next;
  writeStorage(BASKET_STORAGE_KEY, JSON.stringify(next));
  for (const listener of listeners) listener();
}

/** The folder of a virtual path: `/a/b/c.txt` → `/a/b`, `/c.txt` → `/`. */
export function parentOf(path: string): string {
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

export const basketStore = {
  get: (): BasketEntry[] => items,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Adds what is not in yet (by path); returns how many were new. Beyond the archive's limit, nothing more goes in. */
  add(input: BasketItem[]): number {
    const known = new Set(items.map((i) => i.path));
    const now = new Date().toISOString();
    const fresh: BasketEntry[] = [];
    for (const item of input) {
      if (known.has(item.path) || items.length + fresh.length >= BASKET_MAX_ITEMS) continue;
      known.add(item.path);
      fresh.push({
        path: item.path,
        name: item.name,
        size: item.size,
        isDirectory: item.isDirectory ?? false,
        directory: item.directory ?? parentOf(item.path),
        addedAt: item.addedAt ?? now,
      });
    }
    if (fresh.length > 0) set([...items, ...fresh]);
    return fresh.length;
  },
  remove(path: string): void {
    if (items.some((i) => i.path === path)) set(items.filter((i) => i.path !== path));
  },
  clear(): void {
    if (items.length > 0) set([]);
  },
  /** Another tab changed the basket: read it again. */
  reload(): void {
    items = read();
    for (const listener of listeners) listener();
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === BASKET_STORAGE_KEY || event.key === null) basketStore.reload();
  });
}

/** The file basket: items kept in localStorage, shared by every component and tab. */
export function useBasket() {
  const current = useSyncExternalStore(basketStore.subscribe, basketStore.get, basketStore.get);
  return {
    items: current,
    add: basketStore.add,
    remove: basketStore.remove,
    clear: basketStore.clear,
    has: (path: string) => current.some((i) => i.path === path),
    /** Bytes of the files whose size is known (folders count as unknown). */
    totalSize: current.reduce((sum, i) => sum + (i.size ?? 0), 0),
  };
}
