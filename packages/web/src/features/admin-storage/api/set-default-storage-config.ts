import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StorageConfigDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { storageConfigsQueryKey } from './get-storage-configs';

/** `PUT /api/s3-configs/{id}/set-default` — the one default; every other config loses the flag. */
export function setDefaultStorageConfig(id: string): Promise<StorageConfigDto> {
  return apiRequest(`/s3-configs/${encodeURIComponent(id)}/set-default`, { method: 'PUT', schema: StorageConfigDto });
}

export function useSetDefaultStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultStorageConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageConfigsQueryKey }),
  });
}
