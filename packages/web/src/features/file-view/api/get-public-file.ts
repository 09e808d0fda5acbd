import { queryOptions } from '@tanstack/react-query';
import { FILE_TOKEN_HEADER, FilePublicDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';
import { fileTokens } from '../lib/access-token';

/**
 * `GET /api/public/files/{slug}`. For a public share this read IS the counted view: the server
 * increments the count and answers links that carry an access token. With a token from earlier
 * (this browser, or this tab for a password's, within its hour) nothing is counted again. A protected share answers its metadata only.
 */
export async function getPublicFile(slug: string): Promise<FilePublicDto> {
  const token = fileTokens.read(slug);
  const file = await apiRequest(`/public/files/${encodeURIComponent(slug)}`, {
    schema: FilePublicDto,
    headers: token ? { [FILE_TOKEN_HEADER]: token } : undefined,
    // A visitor's page: the signed-in user's credential changes nothing here and must not be sent.
    authorization: null,
  });
  fileTokens.save(slug, file);
  return file;
}

export const publicFileQueryKey = (slug: string) => ['file-view', slug] as const;

/**
 * One visit counts one view, so this query never refetches by itself (not on focus, remount,
 * reconnect or error). Everything after it — the preview, the text content, the Office link and the
 * download — uses the token-carrying links of this answer, which the server does not count again.
 */
export const publicFileQuery = (slug: string) =>
  queryOptions({
    queryKey: publicFileQueryKey(slug),
    queryFn: () => getPublicFile(slug),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
