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
import { apiRequest } from '../api-client';
import { isApiError } from '../api-error';
import type { UploadedPart } from './upload-parts';

/** Share options as the upload calls take them (contract `FileShareOptions`, already validated). */
export type ShareOptions = FileShareOptions;
export type { ResumedShareOptions };

export interface FileMeta {
  filename: string;
  mimetype: string;
  size: number;
}

/** The server calls the uploader makes; injected so the engine is tested without a server. */
export interface UploadApi {
  presign(body: ShareOptions & FileMeta): Promise<FilePresignDto>;
  commit(fileId: string, etag: string | null): Promise<FileDetailDto>;
  /** Deletes the caller's own pending upload (spec §4: a failed upload with a file id is removed). */
  cancel(fileId: string): Promise<void>;
  multipartInit(body: ShareOptions & FileMeta & { partSize: number; partCount: number }): Promise<MultipartInitDto>;
  listParts(fileId: string, uploadId: string): Promise<MultipartPartsDto>;
  refreshUrls(fileId: string, uploadId: string, partNumbers: number[]): Promise<PartUrl[]>;
  /** `options`: a resumed upload's current share options, replacing those it was started with. */
  complete(fileId: string, uploadId: string, parts: UploadedPart[], options?: ResumedShareOptions): Promise<FileDetailDto>;
  abort(fileId: string, uploadId: string): Promise<void>;
  /** The caller's published share of that id, or null: whether a complete whose answer was lost went through. */
  published(fileId: string): Promise<FileDetailDto | null>;
}

/** Assembling a multi-GB object (a local disk copies every part into place) outlasts the usual 30 s. */
const COMPLETE_TIMEOUT_MS = 10 * 60 * 1000;

const Nothing = z.unknown();

/** The real calls, through the app's one API client (auth header, envelope, timeout). */
export const httpUploadApi: UploadApi = {
  presign: (body) => apiRequest('/s3/presign', { method: 'POST', body, schema: FilePresignDto }),
  commit: (fileId, etag) => apiRequest('/s3/commit', { method: 'POST', body: etag ? { file_id: fileId, etag } : { file_id: fileId }, schema: FileDetailDto }),
  // `url/cancel` deletes any pending upload of the caller, whichever way it was started.
  cancel: async (fileId) => {
    await apiRequest('/url/cancel', { method: 'POST', body: { file_id: fileId }, schema: Nothing });
  },
  multipartInit: (body) => apiRequest('/upload/multipart/init', { method: 'POST', body, schema: MultipartInitDto }),
  listParts: (fileId, uploadId) =>
    apiRequest('/upload/multipart/list-parts', { method: 'POST', body: { file_id: fileId, upload_id: uploadId }, schema: MultipartPartsDto }),
  refreshUrls: async (fileId, uploadId, partNumbers) =>
    (await apiRequest('/upload/multipart/refresh-urls', { method: 'POST', body: { file_id: fileId, upload_id: uploadId, partNumbers }, schema: MultipartUrlsDto }))
      .part_urls,
  complete: (fileId, uploadId, parts, options) =>
    apiRequest('/upload/multipart/complete', {
      method: 'POST',
      body: { file_id: fileId, upload_id: uploadId, parts, ...(options ? { options } : {}) },
      schema: FileDetailDto,
      timeoutMs: COMPLETE_TIMEOUT_MS,
    }),
  abort: async (fileId, uploadId) => {
    await apiRequest('/upload/multipart/abort', { method: 'POST', body: { file_id: fileId, upload_id: uploadId }, schema: Nothing });
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
