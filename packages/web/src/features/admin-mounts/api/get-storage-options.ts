import { useQuery } from '@tanstack/react-query';
import { StorageConfigDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/s3-configs` — the configs a mount may point at (the storage page's own list, same cache key). */
export function getStorageOptions(): Promise<StorageConfigDto[]> {
  return apiRequest('/s3-configs', { schema: StorageConfigDto.array() });
}

export function useStorageOptions() {
  return useQuery({ queryKey: ['admin', 'storage-configs'], queryFn: getStorageOptions });
}
