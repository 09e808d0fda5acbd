import { queryOptions } from '@tanstack/react-query';
import { FileDetailDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { FILES_QUERY_ROOT } from '../../../lib/api/file-query-keys';

/**
 * `GET /api/files/{slug}` (the management detail accepts a slug): answers only for the admin or the
 * key that uploaded the file, counts no view, and its links carry an access token. That makes it the
 * owner check of the file page — an uploader looking at a share limited to one view does not use it up.
 */
export function getOwnFile(slug: string): Promise<FileDetailDto> {
  return apiRequest(`/files/${encodeURIComponent(slug)}`, { schema: FileDetailDto });
}

/** Under the files root: an edit (here or in File management) refreshes it. */
export const ownFileQuery = (slug: string) =>
  queryOptions({
    queryKey: [...FILES_QUERY_ROOT, 'own', slug] as const,
    queryFn: () => getOwnFile(slug),
    retry: false,
  });
