import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { ApiKeyUpdateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** `PUT /api/admin/api-keys/{id}` — the key itself cannot change. */
export function updateApiKey({ id, body }: { id: string; body: ApiKeyUpdateBody }): Promise<unknown> {
  return apiRequest(`/admin/api-keys/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: z.unknown() });
}

export function useUpdateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
