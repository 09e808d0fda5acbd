import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { FsEntryDto } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** Entries per page while scrolling: a screenful many times over, small enough to answer fast. */
export const LIST_PAGE_SIZE = 500;

const FsEntrySchema = z
  .object({
    name: z.string(),
    path: z.string(),
    isDirectory: z.boolean(),
    size: z.number().nullable().optional(),
    modified: z.string().nullable().optional(),
    type: z.number().optional(),
    typeName: z.string().optional(),
    contentType: z.string().optional(),
    isMount: FsEntryDto.shape.isMount.catch(undefined),
    isVirtual: FsEntryDto.shape.isVirtual.catch(undefined),
    mountId: z.string().optional(),
    storageType: z.string().optional(),
  })
  .transform((e): FsEntryDto & { contentType?: string } => ({
    ...e,
    size: e.size ?? null,
    modified: e.modified ?? null,
    type: e.type ?? 0,
    // The server sends one of the contract's type names; anything else reads as a plain folder or file.
    typeName: FsEntryDto.shape.typeName.catch(e.isDirectory ? 'folder' : 'unknown').parse(e.typeName),
  }));

const FsListPage = z.object({
  path: z.string(),
  isVirtual: z.boolean().optional(),
  mount_id: z.string().optional(),
  items: z.array(FsEntrySchema),
  nextCursor: z.string().nullable().optional(),
  hasMore: z.boolean().optional(),
});
export type FsListPage = z.infer<typeof FsListPage>;

/** `GET /api/fs/list`: one page of a folder (`cursor` from the page before). */
export function listFolder(path: string, cursor?: string, refresh = false, signal?: AbortSignal): Promise<FsListPage> {
  return apiRequest('/fs/list', {
    query: { path, cursor, limit: LIST_PAGE_SIZE, refresh: refresh ? 'true' : undefined },
    schema: FsListPage,
    ...(signal ? { signal } : {}),
  });
}

/** Every listing of the explorer lives under this key; writes invalidate it. */
export const fsListRootKey = ['fs', 'list'] as const;
export const fsListKey = (path: string) => ['fs', 'list', path] as const;

export function folderQuery(path: string) {
  return infiniteQueryOptions({
    queryKey: fsListKey(path),
    queryFn: ({ pageParam, signal }) => listFolder(path, pageParam, false, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.hasMore && last.nextCursor ? last.nextCursor : undefined),
  });
}

/** A folder's pages, loaded one after another as the list asks (`fetchNextPage`). */
export function useFolder(path: string, enabled = true) {
  return useInfiniteQuery({ ...folderQuery(path), enabled });
}
