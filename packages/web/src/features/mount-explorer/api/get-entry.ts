import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

const FsGetAnswer = z.object({
  path: z.string(),
  name: z.string(),
  isDirectory: z.boolean(),
  size: z.number().nullable(),
  modified: z.string().nullable().optional(),
  contentType: z.string().nullable().optional(),
  preview_url: z.string().nullable().optional(),
  download_url: z.string().nullable().optional(),
});
export type FsGetAnswer = z.infer<typeof FsGetAnswer>;

/** `GET /api/fs/get`: one entry with its preview and download URLs. */
export function getEntry(path: string): Promise<FsGetAnswer> {
  return apiRequest('/fs/get', { query: { path }, schema: FsGetAnswer });
}

export function entryQuery(path: string) {
  return queryOptions({ queryKey: ['fs', 'get', path] as const, queryFn: () => getEntry(path) });
}

export function useEntry(path: string, enabled = true) {
  return useQuery({ ...entryQuery(path), enabled });
}
