import { z } from 'zod';

/**
 * `GET /api/fs/search` (spec §7 "File system", notes §4.8): a name search over the mounts the caller may
 * see, with the original's query parameters and answer fields.
 */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_LIMIT_MAX = 200;
export const SEARCH_LIMIT_DEFAULT = 50;
export const SEARCH_SCOPES = ['global', 'mount', 'directory'] as const;
export type SearchScope = (typeof SEARCH_SCOPES)[number];

/** `q` is checked by the server (too short is 400 with the spec's message); a limit above 200 is refused. */
export const FsSearchQuery = z.object({
  q: z.string().max(200).default(''),
  scope: z.enum(SEARCH_SCOPES).default('global'),
  mount_id: z.string().trim().max(64).optional(),
  path: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(SEARCH_LIMIT_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type FsSearchQuery = z.input<typeof FsSearchQuery>;

export const FsSearchResultDto = z.object({
  name: z.string(),
  /** The virtual path. */
  path: z.string(),
  size: z.number(),
  modified: z.string().nullable(),
  isDirectory: z.boolean(),
  contentType: z.string().nullable(),
  mount_id: z.string(),
  mount_name: z.string(),
  storage_type: z.string(),
  /** The object's key in its storage. */
  s3_key: z.string(),
});
export type FsSearchResultDto = z.infer<typeof FsSearchResultDto>;

export const FsSearchDto = z.object({
  results: z.array(FsSearchResultDto),
  total: z.number(),
  hasMore: z.boolean(),
  searchParams: z.object({
    query: z.string(),
    scope: z.enum(SEARCH_SCOPES),
    mountId: z.string().nullable(),
    path: z.string().nullable(),
    limit: z.number(),
    offset: z.number(),
  }),
  /** Ids of the mounts searched. */
  mountsSearched: z.array(z.string()),
  /** Ids of searched mounts whose first index is still being built (their results may be missing). */
  mountsIndexing: z.array(z.string()),
});
export type FsSearchDto = z.infer<typeof FsSearchDto>;
