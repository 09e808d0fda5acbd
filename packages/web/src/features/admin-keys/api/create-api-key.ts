import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiKeyWithSecretDto, type ApiKeyCreateBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** `POST /api/admin/api-keys` → 201 with the full key, shown once. */
export function createApiKey(body: ApiKeyCreateBody): Promise<ApiKeyWithSecretDto> {
  return apiRequest('/admin/api-keys', { method: 'POST', body, schema: ApiKeyWithSecretDto });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
