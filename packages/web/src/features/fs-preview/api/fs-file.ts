import { FS_UPDATE_MAX_BYTES, FsGetDto } from '@driftbox/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { onBackend } from '../../../lib/api/backend';
import { authorizationFor, getAuthState } from '../../../lib/auth/auth-store';

/** `GET /api/fs/get`: a file's metadata and its short-lived view and download links (the part this page reads). */
export const FsFileDto = FsGetDto.pick({
  path: true,
  name: true,
  isDirectory: true,
  size: true,
  modified: true,
  contentType: true,
  preview_url: true,
  download_url: true,
});
export type FsFileDto = z.infer<typeof FsFileDto>;

export const fsFileQuery = (path: string) =>
  queryOptions({
    queryKey: ['fs', 'get', path],
    queryFn: ({ signal }) => apiRequest('/fs/get', { query: { path }, schema: FsFileDto, signal }),
    // The links inside live up to an hour; a preview opened later asks again.
    staleTime: 5 * 60_000,
  });

export function useFsFile(path: string) {
  return useQuery(fsFileQuery(path));
}

/** The file through the server (`/api/fs/download`), with the session's credential: no storage CORS involved. */
export function fsDownloadRequest(path: string): { url: string; headers: Record<string, string> } {
  const authorization = authorizationFor(getAuthState());
  return {
    url: onBackend(`/api/fs/download?path=${encodeURIComponent(path)}`),
    headers: authorization ? { Authorization: authorization } : {},
  };
}

const FileLinkDto = z.object({ presignedUrl: z.string() });

/** `GET /api/fs/file-link`: a link the online Office viewers fetch the file from. */
export function useFsFileLink(path: string, enabled: boolean) {
  return useQuery({
    queryKey: ['fs', 'file-link', path],
    queryFn: ({ signal }) =>
      apiRequest('/fs/file-link', { query: { path, expires_in: 3600 }, schema: FileLinkDto, signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** The largest text the editor saves (spec §9, the server's limit too). */
export const FS_EDIT_MAX_BYTES = FS_UPDATE_MAX_BYTES;

/** `POST /api/fs/update`: a text file's whole new content; the folder listings and the file refresh. */
export function useUpdateFsFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { path: string; content: string }) =>
      apiRequest('/fs/update', { method: 'POST', body, schema: z.unknown(), timeoutMs: 120_000 }),
    onSuccess: async (_data, { path }) => {
      await client.invalidateQueries({ queryKey: ['fs'] });
      client.removeQueries({ queryKey: ['file-view', 'text', fsDownloadRequest(path).url] });
      client.removeQueries({ queryKey: ['fs-preview', 'edit', path] });
    },
  });
}
