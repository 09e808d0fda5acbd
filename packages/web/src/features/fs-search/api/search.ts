import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { FsSearchDto, MountDto, SEARCH_QUERY_MIN, type SearchScope } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** Results per page (spec §9: search 50). */
export const SEARCH_PAGE_SIZE = 50;

export interface SearchParams {
  q: string;
  scope: SearchScope;
  /** With scope `mount`. */
  mountId?: string | undefined;
  /** With scope `directory`. */
  path?: string | undefined;
}

/** `GET /api/fs/search` — one page of results over the mounts the caller may see. */
export function searchFs(params: SearchParams, offset: number, signal?: AbortSignal): Promise<FsSearchDto> {
  return apiRequest('/fs/search', {
    query: {
      q: params.q,
      scope: params.scope,
      mount_id: params.scope === 'mount' ? params.mountId : undefined,
      path: params.scope === 'directory' ? params.path : undefined,
      limit: SEARCH_PAGE_SIZE,
      offset,
    },
    schema: FsSearchDto,
    ...(signal ? { signal } : {}),
  });
}

export function searchQuery(params: SearchParams) {
  return infiniteQueryOptions({
    queryKey: ['fs', 'search', params.q, params.scope, params.mountId ?? null, params.path ?? null] as const,
    queryFn: ({ pageParam, signal }) => searchFs(params, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.searchParams.offset + last.results.length : undefined),
    staleTime: 30_000,
  });
}

/** Searches only once the query has the spec's minimum length (2 characters, trimmed). */
export function useFsSearch(params: SearchParams) {
  return useInfiniteQuery({ ...searchQuery(params), enabled: params.q.trim().length >= SEARCH_QUERY_MIN });
}

/** `GET /api/user/mounts` — to find the id of the mount the explorer is in (scope "this mount"). */
export function useVisibleMounts(enabled: boolean) {
  return useQuery({
    queryKey: ['fs', 'user-mounts'],
    queryFn: () => apiRequest('/user/mounts', { schema: MountDto.array() }),
    enabled,
    staleTime: 60_000,
  });
}
