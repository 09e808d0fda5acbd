import { useMutation } from '@tanstack/react-query';
import { ApiKeyWithSecretDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { copyText } from '../../../lib/clipboard';
import { downloadShareXConfig } from '../lib/sharex';

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

/** "ShareX config": fetches the secret on demand (never cached, as above) and saves the `.sxcu` file. */
export function useShareXDownload() {
  return useMutation({
    mutationFn: async ({ id, siteTitle }: { id: string; siteTitle: string }) => {
      downloadShareXConfig(await getApiKey(id), siteTitle);
    },
  });
}
