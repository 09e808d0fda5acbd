import { joinPath } from '@driftbox/contract';
import { ApiError } from '../../../lib/api/api-error';
import { UploadError } from '../../../lib/uploader/upload-error';
import type { PutFn } from '../../../lib/uploader/xhr-put';
import type { FsUploadApi } from '../api/fs-upload-api';

/**
 * A stand-in for the server's `/api/fs` upload routes and the storage behind their URLs: files by path,
 * pending presigns, multipart uploads with their stored parts. `failPart` makes a part's PUT drop.
 */
export function fakeServer() {
  const files = new Map<string, number>();
  const presigns = new Map<string, { path: string; size: number; stored: boolean }>();
  const uploads = new Map<string, { path: string; parts: Map<number, string> }>();
  const calls: string[] = [];
  let nextId = 1;
  const state = { failPart: null as number | null };
  const notFound = () => new ApiError({ code: 'NOT_FOUND', status: 404, message: 'not found' });

  const api: FsUploadApi = {
    async presign(body) {
      calls.push(`presign ${joinPath(body.path, body.fileName)}`);
      const fileId = `f${nextId++}`;
      presigns.set(fileId, { path: joinPath(body.path, body.fileName), size: body.fileSize, stored: false });
      return { presignedUrl: `https://store.test/presign/${fileId}`, headers: { 'Content-Type': 'x/y' }, fileId };
    },
    async commit(fileId) {
      const p = presigns.get(fileId);
      if (!p?.stored) throw notFound();
      files.set(p.path, p.size);
      presigns.delete(fileId);
    },
    async init(body) {
      const uploadId = `m${nextId++}`;
      calls.push(`init ${joinPath(body.path, body.fileName)}`);
      uploads.set(uploadId, { path: joinPath(body.path, body.fileName), parts: new Map() });
      const partCount = Math.max(1, Math.ceil(body.fileSize / body.partSize));
      const presignedUrls = Array.from({ length: partCount }, (_, i) => ({
        partNumber: i + 1,
        url: `https://store.test/part/${uploadId}/${i + 1}`,
      }));
      return { uploadId, partSize: body.partSize, partCount, presignedUrls };
    },
    async listParts(ref) {
      const u = uploads.get(ref.uploadId);
      if (!u) throw notFound();
      calls.push(`list-parts ${ref.uploadId}`);
      return [...u.parts].map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
    },
    async refreshUrls(ref, numbers) {
      return numbers.map((n) => ({ partNumber: n, url: `https://store.test/part/${ref.uploadId}/${n}` }));
    },
    async complete(ref, parts) {
      const u = uploads.get(ref.uploadId);
      if (!u) throw notFound();
      calls.push(`complete ${u.path} ${parts.length}`);
      files.set(u.path, parts.length);
      uploads.delete(ref.uploadId);
    },
    async abort(ref) {
      calls.push(`abort ${ref.uploadId}`);
      uploads.delete(ref.uploadId);
    },
    async exists(path) {
      return files.has(path);
    },
  };

  const put: PutFn = async (url, body, options) => {
    if (options.signal?.aborted) throw new UploadError('ABORTED');
    const [, kind, id, part] = /^https:\/\/store\.test\/(\w+)\/([^/]+)(?:\/(\d+))?$/.exec(url) ?? [];
    if (kind === 'presign') presigns.get(id!)!.stored = true;
    else {
      if (Number(part) === state.failPart) throw new UploadError('NETWORK');
      calls.push(`put ${id} ${part}`);
      uploads.get(id!)?.parts.set(Number(part), `"e${part}"`);
    }
    options.onProgress?.(body.size);
    return { etag: `"e${part ?? id}"` };
  };

  return { api, put, files, uploads, calls, state };
}
