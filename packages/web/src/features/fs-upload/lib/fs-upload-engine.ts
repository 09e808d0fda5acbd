import { FS_DEFAULT_PART_SIZE, joinPath } from '@driftbox/contract';
import { isApiError } from '../../../lib/api/api-error';
import { fileSample } from '../../../lib/uploader/resume-store';
import { UploadError } from '../../../lib/uploader/upload-error';
import { partSizeFor } from '../../../lib/uploader/upload-multipart';
import { uploadParts } from '../../../lib/uploader/upload-parts';
import { xhrPut, type PutFn } from '../../../lib/uploader/xhr-put';
import type { FsMultipartRef, FsUploadApi } from '../api/fs-upload-api';
import { createFsResumeStore, resumeKey, type FsResumeEntry, type FsResumeStore } from './fs-resume-store';

export interface FsUploadDeps {
  api: FsUploadApi;
  put?: PutFn;
  resume?: FsResumeStore;
  /** Above this size the upload is multipart and resumable (default: one 5 MiB part). */
  multipartThreshold?: number;
  partSize?: number;
  /** The wait before a failed part's retry (× attempt); tests shorten it. */
  retryDelayMs?: number;
}

export interface FsUploadTarget {
  folder: string;
  fileName: string;
}

/** Whether the file goes as multipart parts (resumable) or as one presigned PUT. */
export function isMultipart(size: number, deps: Pick<FsUploadDeps, 'multipartThreshold'>): boolean {
  return size > (deps.multipartThreshold ?? FS_DEFAULT_PART_SIZE);
}

/**
 * One file into a mount folder with the share uploader's engine pieces (xhrPut, uploadParts: 3 parts at
 * a time, retries, fresh URLs): small files presign → PUT → commit; larger ones multipart, their stored
 * parts remembered so the same file added again after a reload continues where it stopped. A cancel
 * (`signal`) aborts a multipart upload on the server; a lost connection keeps it for the next attempt.
 */
export async function uploadToFolder(
  file: File,
  target: FsUploadTarget,
  deps: FsUploadDeps,
  onProgress: (loaded: number) => void,
  signal?: AbortSignal,
): Promise<void> {
  const put = deps.put ?? xhrPut;
  const contentType = file.type || undefined;
  if (!isMultipart(file.size, deps)) {
    const presigned = await deps.api.presign(
      { path: target.folder, fileName: target.fileName, fileSize: file.size, ...(contentType ? { contentType } : {}) },
      signal,
    );
    const { etag } = await put(presigned.presignedUrl, file, {
      headers: presigned.headers ?? {},
      onProgress,
      ...(signal ? { signal } : {}),
    });
    await deps.api.commit(presigned.fileId, etag, signal);
    return;
  }
  const store = deps.resume ?? createFsResumeStore();
  const key = resumeKey(joinPath(target.folder, target.fileName), file);
  const { entry, urls } = await startOrResume(file, target, deps, store, key, signal);
  const ref: FsMultipartRef = { path: target.folder, fileName: target.fileName, uploadId: entry.uploadId };
  try {
    const parts = await uploadParts({
      blob: file,
      partSize: entry.partSize,
      partCount: entry.partCount,
      urls,
      done: entry.parts,
      put,
      refreshUrl: async (n, stop) => (await deps.api.refreshUrls(ref, [n], stop))[0]?.url ?? '',
      onProgress,
      onPartDone: (_part, all) => store.save(key, { ...entry, parts: all }),
      ...(signal ? { signal } : {}),
      ...(deps.retryDelayMs !== undefined ? { retryDelayMs: deps.retryDelayMs } : {}),
    });
    await deps.api.complete(ref, parts, signal);
    store.remove(key);
  } catch (error) {
    const lost = error instanceof UploadError && (error.code === 'NETWORK' || error.code === 'TIMEOUT');
    if (!lost) {
      // Cancelled or refused: nothing to continue, the server drops the parts.
      store.remove(key);
      await deps.api.abort(ref).catch(() => undefined);
    }
    throw error;
  }
}

async function startOrResume(
  file: File,
  target: FsUploadTarget,
  deps: FsUploadDeps,
  store: FsResumeStore,
  key: string,
  signal: AbortSignal | undefined,
): Promise<{ entry: FsResumeEntry; urls: Map<number, string> }> {
  const sample = await fileSample(file);
  const stored = store.get(key);
  if (stored && stored.sample === sample && stored.fileName === target.fileName) {
    const ref = { path: target.folder, fileName: target.fileName, uploadId: stored.uploadId };
    try {
      const parts = (await deps.api.listParts(ref, signal)).filter((p) => p.PartNumber <= stored.partCount);
      const have = new Set(parts.map((p) => p.PartNumber));
      const missing = Array.from({ length: stored.partCount }, (_, i) => i + 1).filter((n) => !have.has(n));
      const urls = missing.length > 0 ? await deps.api.refreshUrls(ref, missing, signal) : [];
      const entry = { ...stored, parts };
      store.save(key, entry);
      return { entry, urls: new Map(urls.map((u) => [u.partNumber, u.url])) };
    } catch (error) {
      // Gone (aborted, cleaned up): started again below; anything else is a real failure.
      if (!(isApiError(error) && (error.status === 404 || error.status === 410))) throw error;
    }
  }
  if (stored) store.remove(key);
  const partSize = partSizeFor(file.size, deps.partSize ?? FS_DEFAULT_PART_SIZE);
  const init = await deps.api.init(
    {
      path: target.folder,
      fileName: target.fileName,
      fileSize: file.size,
      partSize,
      ...(file.type ? { contentType: file.type } : {}),
    },
    signal,
  );
  const entry: FsResumeEntry = {
    uploadId: init.uploadId,
    folder: target.folder,
    fileName: target.fileName,
    size: file.size,
    partSize: init.partSize,
    partCount: init.partCount,
    parts: [],
    sample,
    savedAt: 0,
  };
  store.save(key, entry);
  return { entry, urls: new Map(init.presignedUrls.map((u) => [u.partNumber, u.url])) };
}

/** `name (1).ext`, `name (2).ext`…: the n-th "keep both" name of a file. */
export function keepBothName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${stem} (${n})${ext}`;
}
