import type { Readable } from 'node:stream';
import { safeFileHeaders } from '../../http/content-safety.js';
import { isStorageError } from '../../storage/errors.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { ObjectInfo } from '../../storage/object-store.js';
import { getRequested } from '../../storage/range.js';
import { mimetypeFor } from '../files/files.module.js';
import type { Disposition } from './fs-links.js';
import { baseName, type FsTarget } from './fs-store.js';

/** What the client sent that shapes a streamed answer. */
export interface StreamRequest {
  range?: string | undefined;
  ifRange?: string | undefined;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
  disposition: Disposition;
  headOnly?: boolean;
}

export interface StreamAnswer {
  status: 200 | 206 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/** RFC 9110 §13.1.2/§13.1.3: If-None-Match wins; If-Modified-Since to the second. */
function notModified(request: StreamRequest, info: ObjectInfo): boolean {
  if (request.ifNoneMatch !== undefined) {
    const tags = request.ifNoneMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    return tags.includes('*') || tags.includes(info.etag);
  }
  const since = request.ifModifiedSince ? Date.parse(request.ifModifiedSince) : NaN;
  return Number.isFinite(since) && Math.floor(info.lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/**
 * An object of a mount streamed through the server (`/api/fs/download`, `/api/p`): Range with If-Range,
 * conditional requests (304), the safe disposition of the content-safety rules (script-capable types
 * are never inline), and bodies streamed with backpressure — memory stays flat whatever the size.
 */
export async function streamObject(target: FsTarget, request: StreamRequest): Promise<StreamAnswer> {
  const name = baseName(target.key);
  const contentType = mimetypeFor(name, undefined);
  const base = {
    ...safeFileHeaders(contentType, name, request.disposition),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
  };
  const validators = (info: ObjectInfo) => ({ ETag: info.etag, 'Last-Modified': info.lastModified.toUTCString() });
  try {
    if (request.headOnly || request.ifNoneMatch !== undefined || request.ifModifiedSince !== undefined) {
      const info = await target.store.head(target.key);
      if (notModified(request, info)) return { status: 304, headers: { ...validators(info) }, body: null };
      if (request.headOnly)
        return {
          status: 200,
          headers: { ...base, ...validators(info), 'Content-Length': String(info.size) },
          body: null,
        };
    }
    const result = await getRequested(target.store, target.key, request);
    const headers: Record<string, string> = { ...base, ...validators(result), 'Content-Length': String(result.size) };
    if (result.range) headers['Content-Range'] = `bytes ${result.range.start}-${result.range.end}/${result.totalSize}`;
    return { status: result.range ? 206 : 200, headers, body: result.body };
  } catch (err) {
    if (isStorageError(err, 'INVALID_RANGE')) {
      const info = await target.store.head(target.key).catch(() => null);
      return { status: 416, headers: { 'Content-Range': `bytes */${info?.size ?? 0}` }, body: null };
    }
    throw storageToAppError(err);
  }
}
