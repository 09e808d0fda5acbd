import { queryOptions } from '@tanstack/react-query';
import { FileDetailDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/files/{slug}` (the management detail accepts a slug): answers only for the admin or the
 * key that uploaded the file, counts no view, and its links carry an access token. That makes it the
 * owner check of the file page — an uploader looking at a share limited to one view does not use it up.
 */
export function getOwnFile(slug: string): Promise<FileDetailDto> {
  return apiRequest(`/files/${encodeURIComponent(slug)}`, { schema: FileDetailDto });
}

export const ownFileQuery = (slug: string) => queryOptions({ queryKey: ['file-view', 'own', slug] as const, queryFn: () => getOwnFile(slug), retry: false });
