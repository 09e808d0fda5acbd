import { z } from 'zod';
import { MAX_PARTS } from '../constants.js';

/**
 * `/api/fs/presign`, `/api/fs/presign/commit` and `/api/fs/multipart/*`: uploads straight from the
 * browser into a mount's storage, with the original's field names (notes §3.11). Paths stay plain
 * strings: the server's vfs normalises and authorises each one.
 */

/** The largest single presigned PUT (S3's own limit for one PutObject). */
export const FS_PRESIGN_MAX_BYTES = 5 * 1024 * 1024 * 1024;
/** The original's default part size: 5 MiB. */
export const FS_DEFAULT_PART_SIZE = 5 * 1024 * 1024;

const FsPath = z.string().max(4096);
const FileName = z.string().min(1).max(1024);
const Size = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const UploadId = z.string().trim().min(1).max(1024);
const PartNumber = z.coerce.number().int().min(1).max(MAX_PARTS);

/** `POST /api/fs/presign`: the folder `path`, the file's name and its exact size (required here). */
export const FsPresignBody = z.object({
  path: FsPath,
  fileName: FileName,
  contentType: z.string().max(255).optional(),
  fileSize: Size.max(FS_PRESIGN_MAX_BYTES),
});
export type FsPresignBody = z.input<typeof FsPresignBody>;

/** `POST /api/fs/presign/commit`: the upload by `fileId` (presign's answer), or by its `targetPath`. */
export const FsPresignCommitBody = z
  .object({
    fileId: z.string().trim().min(1).max(128).optional(),
    targetPath: FsPath.optional(),
    mountId: z.string().max(128).optional(),
    fileSize: Size.optional(),
    etag: z.string().max(1024).optional(),
  })
  .refine((b) => b.fileId !== undefined || b.targetPath !== undefined, {
    message: 'fileId or targetPath is required',
    path: ['fileId'],
  });
export type FsPresignCommitBody = z.input<typeof FsPresignCommitBody>;

/** `POST /api/fs/multipart/init`. `partCount`, when sent, must match the size and part size. */
export const FsMultipartInitBody = z.object({
  path: FsPath,
  fileName: FileName,
  fileSize: Size,
  partSize: z.coerce.number().int().min(1).max(FS_PRESIGN_MAX_BYTES).default(FS_DEFAULT_PART_SIZE),
  partCount: z.coerce.number().int().min(1).max(MAX_PARTS).optional(),
  contentType: z.string().max(255).optional(),
});
export type FsMultipartInitBody = z.input<typeof FsMultipartInitBody>;

/** The body naming one multipart upload: its folder `path` and `fileName` (or the file's path) and id. */
export const FsMultipartRefBody = z.object({ path: FsPath, uploadId: UploadId, fileName: FileName.optional() });
export type FsMultipartRefBody = z.input<typeof FsMultipartRefBody>;

/** `POST /api/fs/multipart/complete`. */
export const FsMultipartCompleteBody = FsMultipartRefBody.extend({
  parts: z
    .array(z.object({ PartNumber, ETag: z.string().min(1).max(1024) }))
    .min(1)
    .max(MAX_PARTS),
  fileSize: Size.optional(),
});
export type FsMultipartCompleteBody = z.input<typeof FsMultipartCompleteBody>;

/** `POST /api/fs/multipart/refresh-urls`. */
export const FsMultipartRefreshBody = FsMultipartRefBody.extend({
  partNumbers: z.array(PartNumber).min(1).max(MAX_PARTS),
});
export type FsMultipartRefreshBody = z.input<typeof FsMultipartRefreshBody>;

/** `POST /api/fs/multipart/list-uploads`: the caller's unfinished uploads at or below `path` (all without). */
export const FsListUploadsBody = z.object({ path: FsPath.optional() });
export type FsListUploadsBody = z.input<typeof FsListUploadsBody>;

/** A part's upload URL, as the original named it. */
export const FsPartUrl = z.object({ partNumber: z.number().int(), url: z.string() });
export type FsPartUrl = z.infer<typeof FsPartUrl>;

/** `POST /api/fs/presign`: PUT the bytes to `presignedUrl` with `headers`, then commit by `fileId`. */
export const FsPresignDto = z.object({
  presignedUrl: z.string(),
  headers: z.record(z.string(), z.string()),
  expiresAt: z.string(),
  fileId: z.string(),
  /** The file's key in its storage (the URL itself writes a staging key). */
  s3Path: z.string(),
  s3Url: z.null(),
  mountId: z.string(),
  s3ConfigId: z.string(),
  targetPath: z.string(),
  contentType: z.string(),
  fileSize: z.number(),
});
export type FsPresignDto = z.infer<typeof FsPresignDto>;

/** `POST /api/fs/presign/commit`. */
export const FsPresignCommitDto = z.object({
  success: z.literal(true),
  fileName: z.string(),
  targetPath: z.string(),
  path: z.string(),
  mountId: z.string(),
  size: z.number(),
  contentType: z.string(),
  s3Path: z.string(),
  etag: z.string(),
});
export type FsPresignCommitDto = z.infer<typeof FsPresignCommitDto>;

/** `POST /api/fs/multipart/init`: a URL per part, each signed for its exact length. */
export const FsMultipartInitDto = z.object({
  uploadId: z.string(),
  bucket: z.null(),
  key: z.string(),
  partSize: z.number(),
  partCount: z.number().int(),
  totalSize: z.number(),
  presignedUrls: z.array(FsPartUrl),
  mount_id: z.string(),
  path: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  storage_type: z.string(),
});
export type FsMultipartInitDto = z.infer<typeof FsMultipartInitDto>;

/** `POST /api/fs/multipart/complete`. */
export const FsMultipartCompleteDto = z.object({
  success: z.literal(true),
  fileName: z.string(),
  path: z.string(),
  size: z.number(),
  contentType: z.string(),
  s3Path: z.string(),
  s3Url: z.null(),
  etag: z.string(),
  location: z.string(),
});
export type FsMultipartCompleteDto = z.infer<typeof FsMultipartCompleteDto>;

/** `POST /api/fs/multipart/abort`. */
export const FsMultipartAbortDto = z.object({ success: z.literal(true) });
export type FsMultipartAbortDto = z.infer<typeof FsMultipartAbortDto>;

/** `POST /api/fs/multipart/list-parts`: what storage already holds (the original's capitalised names). */
export const FsMultipartPartsDto = z.object({
  uploadId: z.string(),
  path: z.string(),
  partSize: z.number(),
  fileSize: z.number(),
  parts: z.array(z.object({ PartNumber: z.number().int(), ETag: z.string(), Size: z.number() })),
});
export type FsMultipartPartsDto = z.infer<typeof FsMultipartPartsDto>;

/** `POST /api/fs/multipart/refresh-urls`. */
export const FsMultipartUrlsDto = z.object({ uploadId: z.string(), presignedUrls: z.array(FsPartUrl) });
export type FsMultipartUrlsDto = z.infer<typeof FsMultipartUrlsDto>;

/** `POST /api/fs/multipart/list-uploads`: the caller's own unfinished uploads (`initiated`: ISO time). */
export const FsUploadListDto = z.object({
  uploads: z.array(
    z.object({
      uploadId: z.string(),
      key: z.string(),
      path: z.string(),
      fileName: z.string(),
      fileSize: z.number(),
      partSize: z.number(),
      mount_id: z.string(),
      initiated: z.string(),
    }),
  ),
});
export type FsUploadListDto = z.infer<typeof FsUploadListDto>;
