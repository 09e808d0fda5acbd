import { fileTypeOf, type FileDetailDto, type FileDto, type FilePublicDto, type FileUrls } from '@driftbox/contract';
import { isLastView } from '../../db/view-limits.js';
import type { StorageConfig } from '../storage-configs/storage-configs.service.js';
import type { FileListRow, FileRow } from './files.repository.js';
import { objectUrl } from './files.storage.js';

// Presenters are the only way file data leaves the server (STYLE §12): none can emit the password hash,
// and the public one shows neither the creator nor where the bytes are stored.

/** An access token handed out with links, and when it stops working. */
export interface IssuedToken {
  token: string;
  expiresAt: string;
}

/**
 * The absolute links of a share. View and download links carry `token` when given, so a share that
 * needs a password (or whose last view was just used) can still be opened for the token's lifetime.
 */
export function shareUrls(origin: string, slug: string, token?: string): FileUrls {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const encoded = encodeURIComponent(slug);
  return {
    url: `${origin}/file/${encoded}`,
    preview_url: `${origin}/api/file-view/${encoded}${query}`,
    download_url: `${origin}/api/file-download/${encoded}${query}`,
  };
}

/** A management row. */
export function presentFile(row: FileListRow): FileDto {
  return {
    id: row.id,
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    remark: row.remark,
    has_password: row.password_hash !== null,
    expires_at: row.expires_at,
    max_views: row.max_views ?? 0,
    views: row.views,
    use_proxy: row.use_proxy,
    storage_config_id: row.storage_config_id,
    storage_config_name: row.storage_config_name,
    storage_type: row.storage_type,
    provider_type: row.provider_type,
    storage_path: row.storage_path,
    file_path: row.file_path,
    etag: row.etag,
    created_by: row.created_by,
    key_name: row.key_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...fileTypeOf(row.filename, row.mimetype),
  };
}

/** A management row with its links (detail, update and upload results). */
export function presentDetail(row: FileListRow, urls: FileUrls): FileDetailDto {
  const links = { previewUrl: urls.preview_url, downloadUrl: urls.download_url };
  return {
    ...presentFile(row),
    ...urls,
    ...links,
    proxy_preview_url: links.previewUrl,
    proxy_download_url: links.downloadUrl,
    urls: {
      ...links,
      proxyPreviewUrl: links.previewUrl,
      proxyDownloadUrl: links.downloadUrl,
      use_proxy: row.use_proxy,
    },
  };
}

/** A share being uploaded, under the original's presign names (its settings, never its password). */
export function presentPending(row: FileRow, config: StorageConfig) {
  return {
    filename: row.filename,
    s3_url: objectUrl(config, row.storage_path),
    hasPassword: row.password_hash !== null,
    expiresAt: row.expires_at,
    maxViews: row.max_views ?? 0,
  };
}

/** A protected share to a visitor without a valid token: metadata only, no links, nothing counted. */
export function presentLocked(row: FileRow): FilePublicDto {
  return {
    ...publicBase(row),
    requires_password: true,
    is_last_view: false,
    previewUrl: null,
    downloadUrl: null,
    proxy_preview_url: null,
    proxy_download_url: null,
    access_token: null,
    access_token_expires_at: null,
  };
}

/** A counted (or token-proven) view with its links; `row` is after the increment. */
export function presentPublic(row: FileRow, origin: string, access: IssuedToken): FilePublicDto {
  const urls = shareUrls(origin, row.slug, access.token);
  return {
    ...publicBase(row),
    requires_password: false,
    is_last_view: isLastView(row),
    previewUrl: urls.preview_url,
    downloadUrl: urls.download_url,
    proxy_preview_url: urls.preview_url,
    proxy_download_url: urls.download_url,
    access_token: access.token,
    access_token_expires_at: access.expiresAt,
  };
}

function publicBase(row: FileRow) {
  return {
    slug: row.slug,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    remark: row.remark,
    created_at: row.created_at,
    expires_at: row.expires_at,
    max_views: row.max_views ?? 0,
    views: row.views,
    use_proxy: row.use_proxy,
    has_password: row.password_hash !== null,
    ...fileTypeOf(row.filename, row.mimetype),
  };
}
