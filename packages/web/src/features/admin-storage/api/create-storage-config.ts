import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StorageConfigDto, type StorageConfigCreateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { storageConfigsQueryKey } from './get-storage-configs';

/** `POST /api/s3-configs`. */
export function createStorageConfig(body: StorageConfigCreateBody): Promise<StorageConfigDto> {
  return apiRequest('/s3-configs', { method: 'POST', body, schema: StorageConfigDto });
}

export function useCreateStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createStorageConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageConfigsQueryKey }),
  });
}
