/** What the uploader's tests share: a fake server API, files, and the answers it gives. */
import type { FileDetailDto, MultipartInitDto } from '@driftbox/contract';
import { vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createResumeStore, fileFingerprint, type ResumeEntry } from './resume-store';
import type { UploadApi } from './upload-api';
import { UploadError } from './upload-error';
import type { PutFn } from './xhr-put';

export const detail = { id: 'f1', slug: 'abc', url: 'http://x/file/abc' } as unknown as FileDetailDto;

export function makeFile(size: number, name = 'big.bin'): File {
  return new File([new Uint8Array(size)], name, { type: 'application/octet-stream', lastModified: 1_700_000_000_000 });
}

export const pendingShare = { filename: 'big.bin', s3_url: null, hasPassword: false, expiresAt: null, maxViews: 0 };

export function initDto(partCount: number): MultipartInitDto {
  const urls = Array.from({ length: partCount }, (_, i) => ({ partNumber: i + 1, url: `/p/${i + 1}` }));
  return {
    file_id: 'f1',
    upload_id: 'u1',
    slug: 'abc',
    storage_path: 'big.bin',
    storagePath: 'big.bin',
    storage_type: 'LOCAL',
    provider_type: 'Local',
    contentType: 'application/octet-stream',
    partSize: 100,
    partCount,
    totalSize: partCount * 100,
    part_urls: urls,
    presigned_urls: urls,
    s3Url: null,
    url: 'http://x/file/abc',
    ...pendingShare,
  };
}

export function fakeApi(overrides: Partial<UploadApi> = {}): UploadApi {
  return {
    presign: vi.fn(async () => ({
      file_id: 'f0',
      slug: 's',
      upload_url: '/put',
      headers: { 'Content-Type': 'text/plain' },
      storage_path: 'a',
      storage_type: 'LOCAL',
      provider_type: 'Local',
      contentType: 'text/plain',
      upload_expires_at: '',
      url: '',
      ...pendingShare,
    })),
    commit: vi.fn(async () => detail),
    cancel: vi.fn(async () => undefined),
    multipartInit: vi.fn(async (body) => initDto(body.partCount)),
    listParts: vi.fn(async () => ({ file_id: 'f1', upload_id: 'u1', parts: [] })),
    refreshUrls: vi.fn(async (_f, _u, numbers: number[]) =>
      numbers.map((n) => ({ partNumber: n, url: `/fresh/${n}` })),
    ),
    complete: vi.fn(async () => detail),
    abort: vi.fn(async () => undefined),
    published: vi.fn(async () => null),
    ...overrides,
  };
}

/** A server call that never answers: only `signal` ends it, failing as apiRequest then does. */
export function stalled(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () =>
      reject(new ApiError({ status: 0, code: 'ABORTED', message: 'request cancelled or timed out' })),
    );
  });
}

/** The server's answer for an upload that is no longer pending (discarded, or published). */
export const notPending = () =>
  Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Upload not found' }));

export const okPut: PutFn = async (url, body, opts) => {
  opts.onProgress?.(body.size);
  return { etag: `"${url}"` };
};

/** Uploader deps with 100-byte parts, so a few hundred bytes go multipart. */
export const deps = (api: UploadApi, put: PutFn = okPut) => ({ api, put, multipartThreshold: 100, partSize: 100 });

/**
 * Saves `file` as an upload a left page did not finish: upload f1/u1 with 100-byte parts and none
 * recorded, so uploadFile takes the resume path.
 */
export function saveUnfinished(file: File, entry: Partial<ResumeEntry> = {}): void {
  createResumeStore().save(fileFingerprint(file), {
    fileId: 'f1',
    uploadId: 'u1',
    configId: '',
    storagePath: 'big.bin',
    slug: 'abc',
    partSize: 100,
    partCount: Math.ceil(file.size / 100),
    parts: [],
    filename: file.name,
    size: file.size,
    savedAt: 0,
    ...entry,
  });
}

/** A PUT that never answers: only the upload's signal ends it, as ABORTED. */
export const hangingPut: PutFn = (_url, _body, opts) =>
  new Promise((_resolve, reject) => {
    opts.signal?.addEventListener('abort', () => reject(new UploadError('ABORTED')));
  });

/** A server call that answers that the upload (or its saved record) is unknown. */
export const unknownUpload = () => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'no' }));
