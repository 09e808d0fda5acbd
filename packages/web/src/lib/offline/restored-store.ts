/**
 * Which answers on screen come from the offline copy (query-cache.ts puts them back); no database here.
 * The stale notice shows only while a page shows one of them: a restored answer that no mounted query
 * reads (another page's list), or that was fetched fresh since, says nothing about the page in view.
 */
import { useQueryClient, type QueryCache } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

interface Restored {
  /** When the offline copy was saved. */
  cachedAt: number;
  /** The answer's own time as restored: a refetch changes it. */
  updatedAt: number;
}

const restored = new Map<string, Restored>();
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function noteRestored(queryHash: string, cachedAt: number, updatedAt: number): void {
  restored.set(queryHash, { cachedAt, updatedAt });
  emit();
}

/** Whether the query shows a copy put back from the offline database (not fetched since). */
export function isRestored(query: { queryHash: string; state: { dataUpdatedAt: number } }): boolean {
  return restored.get(query.queryHash)?.updatedAt === query.state.dataUpdatedAt;
}

/** Back online: the restored answers are refetched, the notice goes. */
export function forgetRestored(): void {
  restored.clear();
  emit();
}

/** The oldest save time among restored answers that a mounted query shows unchanged, or null. */
export function shownRestoredAt(cache: QueryCache): number | null {
  let oldest: number | null = null;
  for (const [hash, entry] of restored) {
    const query = cache.get(hash);
    if (!query || query.getObserversCount() === 0 || !isRestored(query)) continue;
    oldest = oldest === null ? entry.cachedAt : Math.min(oldest, entry.cachedAt);
  }
  return oldest;
}

/** When the oldest answer the page shows from the offline copy was saved, or null when it shows none. */
export function useRestoredAt(): number | null {
  const cache = useQueryClient().getQueryCache();
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const stop = cache.subscribe(listener);
      return () => {
        listeners.delete(listener);
        stop();
      };
    },
    () => shownRestoredAt(cache),
    () => null,
  );
}
