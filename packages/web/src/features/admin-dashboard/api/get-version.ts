import { queryOptions, useQuery } from '@tanstack/react-query';
import { VersionDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/version`. */
export function getVersion(): Promise<VersionDto> {
  return apiRequest('/version', { schema: VersionDto });
}

export const versionQuery = queryOptions({ queryKey: ['version'], queryFn: getVersion, staleTime: 5 * 60_000 });

export function useVersion() {
  return useQuery(versionQuery);
}
