import { queryOptions, useQuery } from '@tanstack/react-query';
import { StorageConfigDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/s3-configs` — every storage config, credentials only flagged or masked. */
export function getStorageConfigs(): Promise<StorageConfigDto[]> {
  return apiRequest('/s3-configs', { schema: StorageConfigDto.array() });
}

export const storageConfigsQueryKey = ['admin', 'storage-configs'] as const;

export const storageConfigsQuery = queryOptions({ queryKey: storageConfigsQueryKey, queryFn: getStorageConfigs });

export function useStorageConfigs() {
  return useQuery(storageConfigsQuery);
}
