import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FileDto, PAGE_SIZE } from '@driftbox/contract';
import { apiRequestList, type ListPage } from '../../../lib/api-client';
import { FILES_QUERY_ROOT } from '../../../lib/file-query-keys';

export interface FileListParams {
  page: number;
  /** Already checked to have at least 2 characters, or undefined. */
  search: string | undefined;
}

/** `GET /api/files?limit=50&offset&search` — newest first; a key sees only its own shares. */
export function getFiles({ page, search }: FileListParams): Promise<ListPage<FileDto>> {
  return apiRequestList('/files', { query: { limit: PAGE_SIZE.files, offset: (page - 1) * PAGE_SIZE.files, search }, schema: FileDto });
}

export const filesQuery = (params: FileListParams) =>
  queryOptions({ queryKey: [...FILES_QUERY_ROOT, 'list', params], queryFn: () => getFiles(params), placeholderData: keepPreviousData });

export function useFiles(params: FileListParams) {
  return useQuery(filesQuery(params));
}
