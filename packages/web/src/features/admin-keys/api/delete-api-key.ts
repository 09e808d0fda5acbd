import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** `DELETE /api/admin/api-keys/{id}`. */
export function deleteApiKey(id: string): Promise<unknown> {
  return apiRequest(`/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
