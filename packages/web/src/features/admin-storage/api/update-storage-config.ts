import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StorageConfigDto, type StorageConfigUpdateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { storageConfigsQueryKey } from './get-storage-configs';

/** `PUT /api/s3-configs/{id}` — an absent secret keeps the stored one. */
export function updateStorageConfig({
  id,
  body,
}: {
  id: string;
  body: StorageConfigUpdateBody;
}): Promise<StorageConfigDto> {
  return apiRequest(`/s3-configs/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: StorageConfigDto });
}

export function useUpdateStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStorageConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageConfigsQueryKey }),
  });
}
