import { queryOptions, useQuery } from '@tanstack/react-query';
import { StorageConfigSummaryDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * `GET /api/s3-configs` as the uploader needs it: the admin gets every config, a key with FILE_SHARE
 * only those marked usable by keys. Only the summary fields are kept (the admin's extra ones are dropped).
 */
export function getUploadConfigs(): Promise<StorageConfigSummaryDto[]> {
  return apiRequest('/s3-configs', { schema: StorageConfigSummaryDto.array() });
}

/** Keyed by who asks: an admin and a key see different lists. */
export function uploadConfigsQuery(who: string) {
  return queryOptions({ queryKey: ['upload', 'storage-configs', who], queryFn: getUploadConfigs });
}

export function useUploadConfigs(who: string, enabled: boolean) {
  return useQuery({ ...uploadConfigsQuery(who), enabled });
}
