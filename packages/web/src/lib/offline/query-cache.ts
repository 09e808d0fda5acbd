/**
 * Pages the user opened online, readable offline (issue 31): each successful answer of the queries below
 * is stored in the offline database (stamped `cachedAt`); offline, the stored answers are put back into
 * the query cache, and `useRestoredAt` tells the page they may be stale. Only the user's own and admin
 * lists and details: never a public read (it counts a view), never API keys.
 */
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { API_CACHE_PREFIX, offlineDb } from './db';
import { setRestoredAt } from './restored-store';

const KEPT_ROOTS = new Set(['pastes', 'files']);
const KEPT_ADMIN = new Set(['dashboard', 'storage-configs']);

export function isKeptOffline(key: QueryKey): boolean {
  const [root, second] = key;
  if (typeof root !== 'string') return false;
  return KEPT_ROOTS.has(root) || (root === 'admin' && typeof second === 'string' && KEPT_ADMIN.has(second));
}

interface StoredQuery {
  queryKey: QueryKey;
  data: unknown;
  dataUpdatedAt: number;
}

/** Saves every kept query's fresh answer; returns the unsubscribe. */
export function persistKeptQueries(queryClient: QueryClient): () => void {
  const cache = queryClient.getQueryCache();
  // Started once the page has painted (use-connectivity): what succeeded before is kept too.
  for (const query of cache.getAll()) if (query.state.status === 'success') keep(query);
  return cache.subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') keep(event.query);
  });
}

function keep(query: Query): void {
  if (!isKeptOffline(query.queryKey) || query.state.data === undefined) return;
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

/** Offline: puts the stored answers back where the cache has none. Resolves to how many it restored. */
export async function restoreKeptQueries(queryClient: QueryClient): Promise<number> {
  const db = offlineDb();
  const rows = [
    ...(await db.settings.where('key').startsWith(API_CACHE_PREFIX).toArray()),
    ...(await db.pastes.toArray()),
    ...(await db.files.toArray()),
  ];
  let restored = 0;
  let oldest: number | null = null;
  for (const row of rows) {
    const stored = row.data as StoredQuery;
    if (!stored?.queryKey || queryClient.getQueryData(stored.queryKey) !== undefined) continue;
    queryClient.setQueryData(stored.queryKey, stored.data, { updatedAt: stored.dataUpdatedAt });
    restored++;
    oldest = oldest === null ? row.cachedAt : Math.min(oldest, row.cachedAt);
  }
  if (restored > 0) setRestoredAt(oldest);
  return restored;
}
