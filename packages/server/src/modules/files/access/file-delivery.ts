import type { Clock } from '../../../lib/clock.js';
import { contentDisposition, isInlineSafe, safeFileHeaders, servedType } from '../../../http/content-safety.js';
import { StorageError } from '../../../storage/errors.js';
import { storageToAppError } from '../../../storage/http-errors.js';
import { getRequested } from '../../../storage/range.js';
import type { FileRow } from '../files.repository.js';
import { directLinkScope } from '../files.rules.js';
import { customHostUrl, type FileStorage } from '../files.storage.js';
import type { FileResponse, OpenRequest } from './file-access.service.js';

export interface FileDeliveryDeps {
  clock: Clock;
  storage: FileStorage;
}

/** How an opened share's bytes reach the client: streamed through the server (proxy), or a direct storage link. */
export function fileDelivery(deps: FileDeliveryDeps) {
  const { clock, storage } = deps;

  /** The share's bytes (or, for HEAD, its headers) through the server, with the requested range. */
  async function stream(row: FileRow, request: OpenRequest): Promise<FileResponse> {
    const { store } = await storage.storeOf(row.storage_config_id);
    const base = {
      ...safeFileHeaders(row.mimetype, row.filename, request.mode === 'view' ? 'inline' : 'attachment'),
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-store',
    };
    try {
      if (request.headOnly) {
        const info = await store.head(row.storage_path);
        return {
          kind: 'stream',
          status: 200,
          headers: { ...base, 'Content-Length': String(info.size), ETag: info.etag },
          body: null,
        };
      }
      const result = await getRequested(store, row.storage_path, request);
      const headers: Record<string, string> = {
        ...base,
        'Content-Length': String(result.size),
        ETag: result.etag,
        'Last-Modified': result.lastModified.toUTCString(),
      };
      if (result.range)
        headers['Content-Range'] = `bytes ${result.range.start}-${result.range.end}/${result.totalSize}`;
      return { kind: 'stream', status: result.range ? 206 : 200, headers, body: result.body };
    } catch (err) {
      if (err instanceof StorageError && err.code === 'INVALID_RANGE')
        return { kind: 'range-error', headers: { 'Content-Range': `bytes */${row.size}` } };
      throw storageToAppError(err);
    }
  }

  /**
   * A direct storage link (presigned S3, or LOCAL's signed URL) with the same safe disposition, valid
   * for the config's link lifetime or until the share expires, whichever comes first. A view
   * of an inline-safe file on a config with a custom host goes to the plain custom-host address (a CDN
   * can cache it; a download still needs the signed disposition).
   */
  async function directUrl(row: FileRow, mode: 'view' | 'download'): Promise<{ url: string; expiresIn: number }> {
    const { config, store } = await storage.storeOf(row.storage_config_id);
    // A signed link cannot be revoked: it lives no longer than the share itself (at least a second).
    const untilExpiry = row.expires_at
      ? Math.floor((Date.parse(row.expires_at) - clock.now().getTime()) / 1000)
      : Number.POSITIVE_INFINITY;
    const expiresIn = Math.max(1, Math.min(config.signature_expires_in, untilExpiry));
    const contentType = servedType(row.mimetype);
    const kind = mode === 'view' && isInlineSafe(contentType) ? 'inline' : 'attachment';
    const hosted = kind === 'inline' ? customHostUrl(config, row.storage_path) : null;
    if (hosted) return { url: hosted, expiresIn };
    const signed = await store
      .presignGet(row.storage_path, {
        expiresIn,
        contentType,
        contentDisposition: contentDisposition(kind, row.filename),
        scope: directLinkScope(row),
      })
      .catch((err: unknown) => {
        throw storageToAppError(err);
      });
    return { url: signed.url, expiresIn };
  }

  return { stream, directUrl };
}
