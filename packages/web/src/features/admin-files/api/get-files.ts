import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FileListDto, PAGE_SIZE, type FileDto } from '@driftbox/contract';
import { apiRequest, type ListPage } from '../../../lib/api/api-client';
import { FILES_QUERY_ROOT } from '../../../lib/api/file-query-keys';

export interface FileListParams {
  page: number;
  /** Already checked to have at least 2 characters, or undefined. */
  search: string | undefined;
}

/** `GET /api/files?limit=50&offset&search` — newest first; a key sees only its own shares. */
export async function getFiles({ page, search }: FileListParams): Promise<ListPage<FileDto>> {
  const query = { limit: PAGE_SIZE.files, offset: (page - 1) * PAGE_SIZE.files, search };
  const { files, pagination } = await apiRequest('/files', { query, schema: FileListDto });
  return { items: files, pagination };
}

export const filesQuery = (params: FileListParams) =>
  queryOptions({
    queryKey: [...FILES_QUERY_ROOT, 'list', params],
    queryFn: () => getFiles(params),
    placeholderData: keepPreviousData,
  });

export function useFiles(params: FileListParams) {
  return useQuery(filesQuery(params));
}
