import { z } from 'zod';
import { ListPagination, ShareRowFields } from './shares.js';

/**
 * Responses of the file-share routes. Management rows use the original's snake_case names; the public
 * view also carries `previewUrl`/`downloadUrl`, the names the original's file page read.
 */

/** The original's coarse class (`fileTypeOf`): 0 unknown, 2 video, 3 audio, 4 text, 5 image, 6 office, 7 document. */
const FileTypeFields = {
  type: z.number(),
  typeName: z.string(),
};

/** One row of `GET /api/files` (also `data` of `GET`/`PUT /api/files/{id}`, which add `urls`). */
export const FileDto = z.object({
  ...ShareRowFields,
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  views: z.number(),
  /** 1 = served through the server (proxy), 0 = redirected to a direct storage link. */
  use_proxy: z.number(),
  storage_config_id: z.string(),
  storage_config_name: z.string().nullable(),
  storage_type: z.string().nullable(),
  provider_type: z.string().nullable(),
  storage_path: z.string(),
  file_path: z.string().nullable(),
  etag: z.string().nullable(),
  ...FileTypeFields,
});
export type FileDto = z.infer<typeof FileDto>;

/** `data` of `GET /api/files`: the original nests the page and its pagination (its paste list does not). */
export const FileListDto = z.object({ files: z.array(FileDto), pagination: ListPagination });
export type FileListDto = z.infer<typeof FileListDto>;

/** Links of a share, absolute. View/download links carry an access token when one was issued. */
export const FileUrls = z.object({
  /** The share page (`/file/{slug}`). */
  url: z.string(),
  preview_url: z.string(),
  download_url: z.string(),
});
export type FileUrls = z.infer<typeof FileUrls>;

/**
 * `GET`/`PUT /api/files/{id}` and upload results: the row plus its links, also under the original's
 * names in `urls` (view and download are one pair of links here: in direct mode they redirect).
 */
export const FileDetailDto = FileDto.extend(FileUrls.shape).extend({
  /** The same links under the original's top-level names (its upload-direct answer carried them). */
  previewUrl: z.string(),
  downloadUrl: z.string(),
  proxy_preview_url: z.string(),
  proxy_download_url: z.string(),
  urls: z.object({
    previewUrl: z.string(),
    downloadUrl: z.string(),
    proxyPreviewUrl: z.string(),
    proxyDownloadUrl: z.string(),
    use_proxy: z.number(),
  }),
});
export type FileDetailDto = z.infer<typeof FileDetailDto>;

/**
 * `POST /api/upload/multipart/complete` and `POST /api/url/multipart/complete`: the published share,
 * plus the original's `success`, `fileId` and `s3Url` (the object's own address; null on LOCAL).
 */
export const MultipartCompleteDto = FileDetailDto.extend({
  success: z.literal(true),
  fileId: z.string(),
  s3Url: z.string().nullable(),
});
export type MultipartCompleteDto = z.infer<typeof MultipartCompleteDto>;

/**
 * `GET /api/public/files/{slug}` and `POST …/verify`. A protected file without a valid token answers
 * `requires_password: true` with null links (no view counted). Otherwise the view was counted and the
 * links carry a short-lived `access_token`, so the last allowed view can still download.
 */
export const FilePublicDto = z.object({
  slug: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  size: z.number(),
  remark: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  max_views: z.number(),
  views: z.number(),
  use_proxy: z.number(),
  has_password: z.boolean(),
  ...FileTypeFields,
  requires_password: z.boolean(),
  is_last_view: z.boolean(),
  previewUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  /** The same links under the original's other names. */
  proxy_preview_url: z.string().nullable(),
  proxy_download_url: z.string().nullable(),
  access_token: z.string().nullable(),
  access_token_expires_at: z.string().nullable(),
});
export type FilePublicDto = z.infer<typeof FilePublicDto>;

/** A URL the browser calls directly with the headers it must send (B2 needs extra ones). */
export const PartUrl = z.object({ partNumber: z.number(), url: z.string() });
export type PartUrl = z.infer<typeof PartUrl>;

/** The share being uploaded, under the names the original's presign answers used. */
const PendingShareFields = {
  filename: z.string(),
  /** The object's own address (custom host, else the bucket's URL); null on LOCAL. */
  s3_url: z.string().nullable(),
  hasPassword: z.boolean(),
  /** When the share expires (null = never); not the upload URL's lifetime. */
  expiresAt: z.string().nullable(),
  /** 0 = unlimited. */
  maxViews: z.number(),
};

/** `POST /api/s3/presign` and `POST /api/url/presign`. */
export const FilePresignDto = z.object({
  file_id: z.string(),
  slug: z.string(),
  upload_url: z.string(),
  /** Headers the PUT must carry (Content-Type; `X-Bz-Content-Sha1` on Backblaze B2). */
  headers: z.record(z.string(), z.string()),
  storage_path: z.string(),
  storage_type: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
  /** When the upload URL stops working; commit before the pending upload is cleaned up. */
  upload_expires_at: z.string(),
  url: z.string(),
  ...PendingShareFields,
});
export type FilePresignDto = z.infer<typeof FilePresignDto>;

/** `POST /api/upload/multipart/init` (and the URL variant); `presigned_urls`, `storagePath`, `s3Url` are the original's names. */
export const MultipartInitDto = z.object({
  file_id: z.string(),
  upload_id: z.string(),
  slug: z.string(),
  storage_path: z.string(),
  storagePath: z.string(),
  storage_type: z.string(),
  provider_type: z.string(),
  contentType: z.string(),
  partSize: z.number(),
  partCount: z.number(),
  totalSize: z.number(),
  part_urls: z.array(PartUrl),
  presigned_urls: z.array(PartUrl),
  s3Url: z.string().nullable(),
  url: z.string(),
  ...PendingShareFields,
});
export type MultipartInitDto = z.infer<typeof MultipartInitDto>;

/** `POST /api/upload/multipart/list-parts`: what is already uploaded, so a reloaded page can resume. */
export const MultipartPartsDto = z.object({
  file_id: z.string(),
  upload_id: z.string(),
  parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string(), Size: z.number() })),
});
export type MultipartPartsDto = z.infer<typeof MultipartPartsDto>;

/** `POST /api/upload/multipart/refresh-urls`. */
export const MultipartUrlsDto = z.object({ file_id: z.string(), part_urls: z.array(PartUrl) });
export type MultipartUrlsDto = z.infer<typeof MultipartUrlsDto>;

/** `data` of `DELETE /api/files/batch-delete`. */
export const FileBatchDeleteResult = z.object({
  deleted: z.number(),
  /** The original's name for the same count. */
  success: z.number(),
  failed: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type FileBatchDeleteResult = z.infer<typeof FileBatchDeleteResult>;

/** `GET /api/office-preview/{slug}`: a temporary direct link for the online Office viewers. */
export const OfficePreviewDto = z.object({
  url: z.string(),
  filename: z.string(),
  mimetype: z.string(),
  expires_in: z.number(),
  is_temporary: z.literal(true),
  /**
   * False when `url` is on an address servers on the internet cannot reach (localhost, a LAN name or
   * address, as the server resolves it): the online viewers could not fetch it.
   */
  publicly_reachable: z.boolean(),
});
export type OfficePreviewDto = z.infer<typeof OfficePreviewDto>;
