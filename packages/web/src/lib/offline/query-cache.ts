/**
 * Pages the user opened online, readable offline (issue 31): each successful answer of the queries below
 * is stored in the offline database (stamped `cachedAt`); offline, the stored answers are put back into
 * the query cache, and `useRestoredAt` tells the page they may be stale. Which queries: `kept-queries.ts`.
 */
import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { API_CACHE_PREFIX, offlineDb } from './db';
import { isKeptOffline } from './kept-queries';
import { isRestored, noteRestored } from './restored-store';

export { isKeptOffline };

interface StoredQuery {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

type CachedQuery = ReturnType<ReturnType<QueryClient['getQueryCache']>['getAll']>[number];

function persist(query: CachedQuery): void {
  // A copy put back offline is not a fresh answer: saving it again would re-stamp it and defeat the clean-up.
  if (!isKeptOffline(query.queryKey) || query.state.data === undefined || isRestored(query)) return;
  const stored: StoredQuery = {
    queryKey: query.queryKey,
    data: query.state.data,
    dataUpdatedAt: query.state.dataUpdatedAt,
  };
  const db = offlineDb();
  const [root, kind, slug] = query.queryKey;
  const write =
    root === 'pastes' && kind === 'own' && typeof slug === 'string'
      ? db.pastes.put({ slug, cachedAt: Date.now(), data: stored })
      : root === 'files' && kind === 'own' && typeof slug === 'string'
        ? db.files.put({ slug, cachedAt: Date.now(), data: stored })
        : db.settings.put({ key: API_CACHE_PREFIX + query.queryHash, cachedAt: Date.now(), data: stored });
  write.catch(() => undefined);
}

/**
 * Saves every kept query's fresh answer; returns the unsubscribe. The answers that arrived before this
 * module loaded (it is loaded after the first render, often after the page's first list) are saved too:
 * without them a list opened once, on a full page load, was not readable offline.
 */
export function persistKeptQueries(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  for (const query of cache.getAll()) if (query.state.status === 'success') persist(query);
  return cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') persist(event.query);
  });
}

/** Offline: puts the stored answers back where the cache has none. Resolves to how many it restored. */
export async function restoreKeptQueries(queryClient: QueryClient): Promise<number> {
  const db = offlineDb();
  const rows = [
    ...(await db.settings.where('key').startsWith(API_CACHE_PREFIX).toArray()),
    ...(await db.pastes.toArray()),
    ...(await db.files.toArray()),
  ];
  let restored = 0;
  for (const row of rows) {
    const stored = row.data as StoredQuery;
    if (!stored?.queryKey || queryClient.getQueryData(stored.queryKey) !== undefined) continue;
    noteRestored(hashKey(stored.queryKey), row.cachedAt, stored.dataUpdatedAt);
    queryClient.setQueryData(stored.queryKey, stored.data, { updatedAt: stored.dataUpdatedAt });
    restored++;
  }
  return restored;
}
