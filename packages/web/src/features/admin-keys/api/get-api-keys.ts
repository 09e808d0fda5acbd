import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiKeyDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * `GET /api/admin/api-keys` — every key. The server also sends each full `key` (the original's client
 * copies it from the list); `ApiKeyDto` drops it, so the list and the query cache keep the mask only and
 * the full key is fetched on demand (`useCopyApiKey`).
 */
export function getApiKeys(): Promise<ApiKeyDto[]> {
  return apiRequest('/admin/api-keys', { schema: ApiKeyDto.array() });
}

export const apiKeysQueryKey = ['admin', 'api-keys'] as const;

export const apiKeysQuery = queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
