import {
  FileDetailDto,
  FilePresignDto,
  MultipartInitDto,
  MultipartPartsDto,
  MultipartUrlsDto,
  type FileShareOptions,
  type PartUrl,
  type ResumedShareOptions,
} from '@driftbox/contract';
import { z } from 'zod';
import { apiRequest } from '../api/api-client';
import { isApiError } from '../api/api-error';
import type { UploadedPart } from './upload-parts';

/** Share options as the upload calls take them (contract `FileShareOptions`, already validated). */
export type ShareOptions = FileShareOptions;
export type { ResumedShareOptions };

export interface FileMeta {
  filename: string;
  mimetype: string;
  size: number;
}

/**
 * The server calls the uploader makes; injected so the engine is tested without a server. `signal` is
 * the user's cancel or pause: it stops waiting for the answer, not the server. The clean-up calls
 * (`cancel`, `abort`) and `published` take none: they run after a cancel, to settle what it left.
 */
export interface UploadApi {
  presign(body: ShareOptions & FileMeta, signal?: AbortSignal): Promise<FilePresignDto>;
  commit(fileId: string, etag: string | null, signal?: AbortSignal): Promise<FileDetailDto>;
  /** Deletes the caller's own upload (spec §4: a failed upload with a file id is removed), even a published one. */
  cancel(fileId: string): Promise<void>;
  multipartInit(
    body: ShareOptions & FileMeta & { partSize: number; partCount: number },
    signal?: AbortSignal,
  ): Promise<MultipartInitDto>;
  listParts(fileId: string, uploadId: string, signal?: AbortSignal): Promise<MultipartPartsDto>;
  refreshUrls(fileId: string, uploadId: string, partNumbers: number[], signal?: AbortSignal): Promise<PartUrl[]>;
  /** `options`: a resumed upload's current share options, replacing those it was started with. */
  complete(
    fileId: string,
    uploadId: string,
    parts: UploadedPart[],
    options?: ResumedShareOptions,
    signal?: AbortSignal,
  ): Promise<FileDetailDto>;
  abort(fileId: string, uploadId: string): Promise<void>;
  /** The caller's published share of that id, or null: whether a complete whose answer was lost went through. */
  published(fileId: string): Promise<FileDetailDto | null>;
}

/** Assembling a multi-GB object (a local disk copies every part into place) outlasts the usual 30 s. */
const COMPLETE_TIMEOUT_MS = 10 * 60 * 1000;

const Nothing = z.unknown();

/** The real calls, through the app's one API client (auth header, envelope, its timeout or the caller's signal). */
export const httpUploadApi: UploadApi = {
  presign: (body, signal) => apiRequest('/s3/presign', { method: 'POST', body, schema: FilePresignDto, signal }),
  commit: (fileId, etag, signal) =>
    apiRequest('/s3/commit', {
      method: 'POST',
      body: etag ? { file_id: fileId, etag } : { file_id: fileId },
      schema: FileDetailDto,
      signal,
    }),
  // `url/cancel` deletes the caller's upload of that id, whichever way it was started, pending or published.
  cancel: async (fileId) => {
    await apiRequest('/url/cancel', { method: 'POST', body: { file_id: fileId }, schema: Nothing });
  },
  multipartInit: (body, signal) =>
    apiRequest('/upload/multipart/init', { method: 'POST', body, schema: MultipartInitDto, signal }),
  listParts: (fileId, uploadId, signal) =>
    apiRequest('/upload/multipart/list-parts', {
      method: 'POST',
      body: { file_id: fileId, upload_id: uploadId },
      schema: MultipartPartsDto,
      signal,
    }),
  refreshUrls: async (fileId, uploadId, partNumbers, signal) =>
    (
      await apiRequest('/upload/multipart/refresh-urls', {
        method: 'POST',
        body: { file_id: fileId, upload_id: uploadId, partNumbers },
        schema: MultipartUrlsDto,
        signal,
      })
    ).part_urls,
  complete: (fileId, uploadId, parts, options, signal) =>
    apiRequest('/upload/multipart/complete', {
      method: 'POST',
      body: { file_id: fileId, upload_id: uploadId, parts, ...(options ? { options } : {}) },
      schema: FileDetailDto,
      timeoutMs: COMPLETE_TIMEOUT_MS,
      signal,
    }),
  abort: async (fileId, uploadId) => {
    await apiRequest('/upload/multipart/abort', {
      method: 'POST',
      body: { file_id: fileId, upload_id: uploadId },
      schema: Nothing,
    });
  },
  published: async (fileId) => {
    try {
      return await apiRequest(`/files/${encodeURIComponent(fileId)}`, { schema: FileDetailDto });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },
};
