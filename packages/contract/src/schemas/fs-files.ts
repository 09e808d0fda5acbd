import { z } from 'zod';
import { FileShareOptions } from './files.js';

/**
 * `/api/fs/*` reads and simple writes (spec §7 "File system"), with the original's field names (notes
 * §3.11). Paths stay plain strings here: the server's vfs normalises and authorises every one of them
 * (one place, one set of messages), so a schema never repairs a path.
 */

/** Entries per listing page: the original's 1000 keys, now the largest page of a paginated listing. */
export const FS_LIST_LIMIT_MAX = 1000;
/** The text the editor may save (spec §9: editor/file content limit 10 MB). */
export const FS_UPDATE_MAX_BYTES = 10 * 1024 * 1024;
/** The longest a file link asked for by `expires_in` may live (7 days, S3's own presign limit). */
export const FS_LINK_MAX_SECONDS = 7 * 24 * 3600;

const FsPath = z.string().max(4096);

/** `GET /api/fs/get`, `/api/fs/download`. */
export const FsPathQuery = z.object({ path: FsPath });

/** `GET /api/fs/list`: a folder, and the page after `cursor` (Driftbox's pagination). */
export const FsListQuery = z.object({
  path: FsPath.default('/'),
  cursor: z.string().max(4096).optional(),
  limit: z.coerce.number().int().min(1).max(FS_LIST_LIMIT_MAX).default(FS_LIST_LIMIT_MAX),
  /** `true` skips the listing cache for this request (the explorer's refresh). */
  refresh: z.enum(['true', 'false']).optional(),
});

/** `GET /api/fs/file-link`: `expires_in` (the original's name; `expire_in` is accepted too) and `force_download`. */
export const FsFileLinkQuery = z.object({
  path: FsPath,
  expires_in: z.coerce.number().int().min(1).max(FS_LINK_MAX_SECONDS).optional(),
  expire_in: z.coerce.number().int().min(1).max(FS_LINK_MAX_SECONDS).optional(),
  force_download: z.enum(['true', 'false']).optional(),
});

/** `POST /api/fs/mkdir`. */
export const FsMkdirBody = z.object({ path: FsPath });

/** `POST /api/fs/rename`: files and folders, inside one mount. */
export const FsRenameBody = z.object({ oldPath: FsPath, newPath: FsPath });

/** `DELETE` or `POST /api/fs/batch-remove`. */
export const FsBatchRemoveBody = z.object({ paths: z.array(FsPath).min(1).max(1000) });

/**
 * `POST /api/fs/create-share`: a file share of the mount object at `path`, with the share options of an
 * upload (slug, password, expiry, view limit, remark, proxy) but no storage config or folder of its own.
 */
export const FsCreateShareBody = FileShareOptions.omit({ s3_config_id: true, path: true }).extend({ path: FsPath });

/** `POST /api/fs/create-share`'s answer (the original's fields). */
export const FsCreateShareDto = z.object({
  success: z.literal(true),
  fileId: z.string(),
  slug: z.string(),
  filename: z.string(),
  size: z.number(),
  /** `/file/<slug>`, relative as the original's. */
  url: z.string(),
  expires_at: z.string().nullable(),
  max_views: z.number().nullable(),
  has_password: z.boolean(),
});
export type FsCreateShareDto = z.infer<typeof FsCreateShareDto>;

/** `POST /api/fs/update`: a text file's whole new content. */
export const FsUpdateBody = z.object({ path: FsPath, content: z.string() });

/** One entry of a folder listing (notes §3.11): a folder (size on request, null here) or a file. */
export interface FsEntryDto {
  name: string;
  path: string;
  isDirectory: boolean;
  size: number | null;
  modified: string | null;
  etag?: string;
  type: number;
  typeName: string;
  isMount?: boolean;
  mountId?: string;
  storageType?: string;
  isVirtual?: boolean;
}
