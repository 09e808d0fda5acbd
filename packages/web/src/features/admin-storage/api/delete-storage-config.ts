import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { storageConfigsQueryKey } from './get-storage-configs';

/** `DELETE /api/s3-configs/{id}` — 409 for the default config and for configs file shares still use. */
export function deleteStorageConfig(id: string): Promise<unknown> {
  return apiRequest(`/s3-configs/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteStorageConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStorageConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storageConfigsQueryKey }),
  });
}
