import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { onBackend } from '../../../lib/api/backend';

const FileLink = z.object({ presignedUrl: z.string(), expiresAt: z.string().optional(), name: z.string().optional() });

/** `GET /api/fs/file-link`: a URL anyone may open until it expires (a download or an inline view). */
export async function getFileLink(path: string, forceDownload = false): Promise<string> {
  const link = await apiRequest('/fs/file-link', {
    query: { path, force_download: forceDownload ? 'true' : undefined },
    schema: FileLink,
  });
  return onBackend(link.presignedUrl);
}

/** Gallery thumbnails: a view link per image, fetched when its tile is shown, kept 10 minutes (links live ≥ 1 h). */
export function thumbnailQuery(path: string) {
  return queryOptions({
    queryKey: ['fs', 'link', path] as const,
    queryFn: () => getFileLink(path),
    staleTime: 10 * 60_000,
    gcTime: 15 * 60_000,
  });
}

export function useThumbnailUrl(path: string, enabled: boolean) {
  return useQuery({ ...thumbnailQuery(path), enabled });
}
