import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MountDto, type MountUpdateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { mountsQueryKey } from './get-mounts';

/** `PUT /api/admin/mounts/{id}` — any subset of the fields; enabling and disabling is `is_active`. */
export function updateMount({ id, body }: { id: string; body: MountUpdateBody }): Promise<MountDto> {
  return apiRequest(`/admin/mounts/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: MountDto });
}

export function useUpdateMount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mountsQueryKey }),
  });
}
