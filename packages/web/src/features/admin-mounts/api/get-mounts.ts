import { queryOptions, useQuery } from '@tanstack/react-query';
import { MountDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/admin/mounts` — every mount, in sort order then name (admins only). */
export function getMounts(): Promise<MountDto[]> {
  return apiRequest('/admin/mounts', { schema: MountDto.array() });
}

export const mountsQueryKey = ['admin', 'mounts'] as const;

export const mountsQuery = queryOptions({ queryKey: mountsQueryKey, queryFn: getMounts });

export function useMounts() {
  return useQuery(mountsQuery);
}
