import { queryOptions, useQuery } from '@tanstack/react-query';
import { FILE_TOKEN_HEADER, OfficePreviewDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `GET /api/office-preview/{slug}` with the visit's token (so it counts no view): a temporary direct link. */
export function getOfficePreview(slug: string, token: string | null): Promise<OfficePreviewDto> {
  return apiRequest(`/office-preview/${encodeURIComponent(slug)}`, {
    schema: OfficePreviewDto,
    headers: token ? { [FILE_TOKEN_HEADER]: token } : undefined,
    authorization: null,
  });
}

export function useOfficePreview(slug: string, token: string | null, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ['file-view', slug, 'office', token],
      queryFn: () => getOfficePreview(slug, token),
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      enabled,
    }),
  );
}
