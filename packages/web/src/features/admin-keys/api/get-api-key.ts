import { useMutation } from '@tanstack/react-query';
import { ApiKeyWithSecretDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { copyText } from '../../../lib/clipboard';

/** `GET /api/admin/api-keys/{id}` — includes the full key. */
export function getApiKey(id: string): Promise<ApiKeyWithSecretDto> {
  return apiRequest(`/admin/api-keys/${encodeURIComponent(id)}`, { schema: ApiKeyWithSecretDto });
}

/**
 * "Copy key": fetches the secret on demand and copies it. A mutation rather than a cached query,
 * so the full key never sits in the query cache.
 */
export function useCopyApiKey() {
  return useMutation({
    mutationFn: async (id: string) => {
      const key = await getApiKey(id);
      await copyText(key.key);
    },
  });
}
