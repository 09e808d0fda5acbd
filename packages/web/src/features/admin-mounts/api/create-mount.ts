import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MountDto, type MountCreateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { mountsQueryKey } from './get-mounts';

/** `POST /api/admin/mounts` — 400 with `details` per field, 409 for a path in use. */
export function createMount(body: MountCreateBody): Promise<MountDto> {
  return apiRequest('/admin/mounts', { method: 'POST', body, schema: MountDto });
}

export function useCreateMount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mountsQueryKey }),
  });
}
