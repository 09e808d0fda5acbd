import { queryOptions, useQuery } from '@tanstack/react-query';
import { MaxUploadSizeDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/system/max-upload-size`: the limit checked before any byte is sent (spec §7). */
export function getMaxUploadSize(): Promise<MaxUploadSizeDto> {
  return apiRequest('/system/max-upload-size', { schema: MaxUploadSizeDto });
}

export const maxUploadSizeQuery = queryOptions({
  queryKey: ['upload', 'max-upload-size'],
  queryFn: getMaxUploadSize,
  staleTime: 60_000,
});

export function useMaxUploadSize() {
  return useQuery(maxUploadSizeQuery);
}
