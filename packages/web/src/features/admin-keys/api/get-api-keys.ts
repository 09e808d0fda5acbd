import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiKeyDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/admin/api-keys` — every key, the secret only masked. */
export function getApiKeys(): Promise<ApiKeyDto[]> {
  return apiRequest('/admin/api-keys', { schema: ApiKeyDto.array() });
}

export const apiKeysQueryKey = ['admin', 'api-keys'] as const;

export const apiKeysQuery = queryOptions({ queryKey: apiKeysQueryKey, queryFn: getApiKeys });

export function useApiKeys() {
  return useQuery(apiKeysQuery);
}
