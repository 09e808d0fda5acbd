import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CacheClearResultDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { cacheStatsQueryKey } from './get-cache-stats';

/** `POST /api/admin/cache/clear` with no target: every cache the admin may clear. */
export function clearCache(): Promise<CacheClearResultDto> {
  return apiRequest('/admin/cache/clear', {
    method: 'POST',
    body: {},
    schema: CacheClearResultDto,
    offline: 'clearCache',
  });
}

export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearCache,
    onSettled: () => queryClient.invalidateQueries({ queryKey: cacheStatsQueryKey }),
  });
}
