import type { FileMeta, ShareOptions, UploadApi } from './upload-api';
import type { ResumeStore } from './resume-store';
import type { PutFn } from './xhr-put';

/**
 * Stages of one file, as spec §4 names them: `starting` (taken from the queue), `initializing` (presign,
 * multipart init or resume), `uploading` (bytes going out), `processing` (every byte sent, storage still
 * answering), `completing` (commit or complete) and `completed`.
 */
export type UploadStage = 'starting' | 'initializing' | 'uploading' | 'processing' | 'completing' | 'completed';

export type UploadMethod = 'presigned' | 'multipart';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Bytes per second, moving average. */
  speed: number;
}

export interface UploadCallbacks {
  onStage?: (stage: UploadStage, method: UploadMethod) => void;
  onProgress?: (progress: UploadProgress) => void;
  /** A multipart upload continued from an earlier page: `done` of `total` parts were already stored. */
  onResume?: (done: number, total: number) => void;
}

export interface UploaderDeps {
  api: UploadApi;
  put?: PutFn;
  resume?: ResumeStore;
  /** Above this size the upload is multipart (the spec names no threshold: one part's size). */
  multipartThreshold?: number;
  partSize?: number;
  now?: () => number;
}

/** What one upload's steps share: the file, its options, the injected ports and the progress reporters. */
export interface UploadContext {
  file: File;
  options: ShareOptions;
  deps: UploaderDeps;
  stage: (stage: UploadStage) => void;
  callbacks: UploadCallbacks;
  signal: AbortSignal | undefined;
  meta: FileMeta;
  onBytes: (loaded: number) => void;
}
