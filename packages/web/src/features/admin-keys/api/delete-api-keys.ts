import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** Bulk delete: `DELETE /api/admin/api-keys` with `{ids}`. */
export function deleteApiKeys(ids: string[]): Promise<unknown> {
  return apiRequest('/admin/api-keys', { method: 'DELETE', body: { ids }, schema: z.unknown() });
}

export function useDeleteApiKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApiKeys,
    // Some keys may be gone even when the call failed part-way: refresh either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
