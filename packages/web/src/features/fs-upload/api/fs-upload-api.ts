import type { FsPartUrl } from '@driftbox/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { isApiError } from '../../../lib/api/api-error';
import type { UploadedPart } from '../../../lib/uploader/upload-parts';

const PresignDto = z.object({
  presignedUrl: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  fileId: z.string(),
});
const PartUrls = z.array(z.object({ partNumber: z.number(), url: z.string() }));
const InitDto = z.object({
  uploadId: z.string(),
  partSize: z.number(),
  partCount: z.number(),
  presignedUrls: PartUrls,
});
const PartsDto = z.object({ parts: z.array(z.object({ PartNumber: z.number(), ETag: z.string() })) });
const Done = z.unknown();

/** Assembling a large object (a local disk copies every part into place) outlasts the usual 30 s. */
const COMPLETE_TIMEOUT_MS = 10 * 60 * 1000;

/** One multipart upload: its folder, the file's name in it and the storage's upload id. */
export interface FsMultipartRef {
  path: string;
  fileName: string;
  uploadId: string;
}

/** The server calls of an upload into a mount folder (`/api/fs/presign`, `/api/fs/multipart/*`); injected in tests. */
export interface FsUploadApi {
  presign(
    body: { path: string; fileName: string; fileSize: number; contentType?: string },
    signal?: AbortSignal,
  ): Promise<z.infer<typeof PresignDto>>;
  commit(fileId: string, etag: string | null, signal?: AbortSignal): Promise<void>;
  init(
    body: { path: string; fileName: string; fileSize: number; partSize: number; contentType?: string },
    signal?: AbortSignal,
  ): Promise<z.infer<typeof InitDto>>;
  listParts(ref: FsMultipartRef, signal?: AbortSignal): Promise<UploadedPart[]>;
  refreshUrls(ref: FsMultipartRef, partNumbers: number[], signal?: AbortSignal): Promise<FsPartUrl[]>;
  complete(ref: FsMultipartRef, parts: UploadedPart[], signal?: AbortSignal): Promise<void>;
  abort(ref: FsMultipartRef): Promise<void>;
  /** Whether something is stored at `path` (a file or folder): the conflict check before an upload. */
  exists(path: string, signal?: AbortSignal): Promise<boolean>;
}

export const httpFsUploadApi: FsUploadApi = {
  presign: (body, signal) => apiRequest('/fs/presign', { method: 'POST', body, schema: PresignDto, signal }),
  commit: async (fileId, etag, signal) => {
    const body = etag ? { fileId, etag } : { fileId };
    await apiRequest('/fs/presign/commit', { method: 'POST', body, schema: Done, signal });
  },
  init: (body, signal) => apiRequest('/fs/multipart/init', { method: 'POST', body, schema: InitDto, signal }),
  listParts: async (ref, signal) =>
    (await apiRequest('/fs/multipart/list-parts', { method: 'POST', body: ref, schema: PartsDto, signal })).parts,
  refreshUrls: async (ref, partNumbers, signal) =>
    (
      await apiRequest('/fs/multipart/refresh-urls', {
        method: 'POST',
        body: { ...ref, partNumbers },
        schema: z.object({ presignedUrls: PartUrls }),
        signal,
      })
    ).presignedUrls,
  complete: async (ref, parts, signal) => {
    await apiRequest('/fs/multipart/complete', {
      method: 'POST',
      body: { ...ref, parts },
      schema: Done,
      timeoutMs: COMPLETE_TIMEOUT_MS,
      signal,
    });
  },
  abort: async (ref) => {
    await apiRequest('/fs/multipart/abort', { method: 'POST', body: ref, schema: Done });
  },
  exists: async (path, signal) => {
    try {
      await apiRequest('/fs/get', { query: { path }, schema: Done, signal });
      return true;
    } catch (error) {
      // 404: free. 403: a key that may upload but not view cannot ask; the upload decides (it replaces).
      if (isApiError(error) && (error.status === 404 || error.status === 403)) return false;
      throw error;
    }
  },
};
