import { z } from 'zod';
import { FILE_TYPES, type FileTypeName } from '../file-types.js';
import { FileShareOptions } from './files.js';
import { TaskDto } from './tasks.js';

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
export const FsEntryDto = z.object({
  name: z.string(),
  /** The virtual path; a folder's ends with `/` in a mount's listing. */
  path: z.string(),
  isDirectory: z.boolean(),
  size: z.number().nullable(),
  modified: z.string().nullable(),
  /** Files only. */
  etag: z.string().optional(),
  /** Files only: the type by the name's extension. */
  contentType: z.string().optional(),
  /** FILE_TYPES: 0 unknown, 1 folder, 2 video, 3 audio, 4 text, 5 image, 6 office, 7 document. */
  type: z.number().int().min(0).max(7),
  typeName: z.enum(Object.keys(FILE_TYPES) as [FileTypeName, ...FileTypeName[]]),
  /** A mount's own entry (a listing of the folder it sits in). */
  isMount: z.literal(true).optional(),
  mountId: z.string().optional(),
  storageType: z.string().optional(),
  /** A folder of the mount tree on the way to a mount (no storage behind it). */
  isVirtual: z.literal(true).optional(),
});
export type FsEntryDto = z.infer<typeof FsEntryDto>;

/** `GET /api/fs/list` of a folder inside a mount: one storage page; `nextCursor` asks for the next. */
export const FsMountListingDto = z.object({
  path: z.string(),
  type: z.literal('directory'),
  isRoot: z.boolean(),
  isVirtual: z.literal(false),
  mount_id: z.string(),
  storage_type: z.string(),
  items: z.array(FsEntryDto),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type FsMountListingDto = z.infer<typeof FsMountListingDto>;

/** `GET /api/fs/list` of a virtual folder (the root, folders between mounts): the mount table's entries, one page. */
export const FsVirtualListingDto = z.object({
  path: z.string(),
  isDirectory: z.literal(true),
  isVirtual: z.literal(true),
  items: z.array(FsEntryDto),
  nextCursor: z.null(),
  hasMore: z.literal(false),
});
export type FsVirtualListingDto = z.infer<typeof FsVirtualListingDto>;

/** `data` of `GET /api/fs/list`. */
export const FsListDto = z.union([FsMountListingDto, FsVirtualListingDto]);
export type FsListDto = z.infer<typeof FsListDto>;

/** `GET /api/fs/get`: a file, or a folder (null size, type, etag and URLs). */
export const FsGetDto = z.object({
  path: z.string(),
  name: z.string(),
  isDirectory: z.boolean(),
  size: z.number().nullable(),
  modified: z.string().nullable(),
  contentType: z.string().nullable(),
  etag: z.string().nullable(),
  mount_id: z.string(),
  storage_type: z.string(),
  type: FsEntryDto.shape.type,
  typeName: FsEntryDto.shape.typeName,
  /** `/api/p/…` on web-proxy mounts, else a presigned URL (LOCAL: its signed URL) of at most 1 h. */
  preview_url: z.string().nullable(),
  download_url: z.string().nullable(),
});
export type FsGetDto = z.infer<typeof FsGetDto>;

/** `GET /api/fs/file-link`. `expiresAt` null: a proxy link that never expires (the admin chose 0). */
export const FsFileLinkDto = z.object({
  success: z.literal(true),
  presignedUrl: z.string(),
  name: z.string(),
  expiresIn: z.number().int(),
  expiresAt: z.string().nullable(),
  forceDownload: z.boolean(),
});
export type FsFileLinkDto = z.infer<typeof FsFileLinkDto>;

/** `POST /api/fs/mkdir` (201). */
export const FsMkdirDto = z.object({ path: z.string() });
export type FsMkdirDto = z.infer<typeof FsMkdirDto>;

/** `POST /api/fs/upload` (201), the original's fields. */
export const FsUploadDto = z.object({
  success: z.literal(true),
  fileName: z.string(),
  path: z.string(),
  size: z.number(),
  contentType: z.string(),
  /** The object's key in its storage. */
  s3Path: z.string(),
  s3Url: z.null(),
  etag: z.string(),
});
export type FsUploadDto = z.infer<typeof FsUploadDto>;

/** `POST /api/fs/update`. */
export const FsUpdateDto = z.object({
  success: z.literal(true),
  path: z.string(),
  folder: z.string(),
  size: z.number(),
  etag: z.string(),
  modified: z.string(),
});
export type FsUpdateDto = z.infer<typeof FsUpdateDto>;

/** `POST /api/fs/rename`. */
export const FsRenameDto = z.object({ oldPath: z.string(), newPath: z.string(), isDirectory: z.boolean() });
export type FsRenameDto = z.infer<typeof FsRenameDto>;

/**
 * `DELETE`/`POST /api/fs/batch-remove`: 200 `{ success, failed }` when only files were named; 202 with
 * `jobId` and `task` when folders were queued as one `delete` task (counted in `success` as accepted).
 */
export const FsBatchRemoveDto = z.object({
  success: z.number().int(),
  failed: z.array(z.object({ path: z.string(), error: z.string() })),
  jobId: z.string().optional(),
  task: TaskDto.optional(),
});
export type FsBatchRemoveDto = z.infer<typeof FsBatchRemoveDto>;
