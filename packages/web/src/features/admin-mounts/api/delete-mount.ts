import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { mountsQueryKey } from './get-mounts';

/** `DELETE /api/admin/mounts/{id}` — the mount only; its objects stay in their storage. */
export function deleteMount(id: string): Promise<unknown> {
  return apiRequest(`/admin/mounts/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() });
}

export function useDeleteMount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mountsQueryKey }),
  });
}
