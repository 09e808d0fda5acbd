import { queryOptions, useQuery } from '@tanstack/react-query';
import { CacheStatsDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/admin/cache/stats` — entries per cache, process memory and uptime. */
export function getCacheStats(): Promise<CacheStatsDto> {
  return apiRequest('/admin/cache/stats', { schema: CacheStatsDto });
}

export const cacheStatsQueryKey = ['admin', 'cache', 'stats'] as const;

export const cacheStatsQuery = queryOptions({ queryKey: cacheStatsQueryKey, queryFn: getCacheStats });

export function useCacheStats() {
  return useQuery(cacheStatsQuery);
}
