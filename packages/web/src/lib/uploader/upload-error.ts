/**
 * Why an upload failed, as the uploader sees it (spec §8 "Multipart" and "File upload"). Server
 * answers stay ApiErrors in `cause`, so the UI can still show the server's own message.
 */
export type UploadErrorCode =
  /** A part's PUT answered without an ETag (storage CORS must expose it, spec §5). */
  | 'NO_ETAG'
  | 'NETWORK'
  | 'TIMEOUT'
  /** Cancelled by the user. */
  | 'ABORTED'
  /** Storage answered a PUT with an error status. */
  | 'HTTP'
  /** An https page would PUT to a plain-http bucket, which browsers block (mixed content). */
  | 'INSECURE_STORAGE'
  /** A part still failed after its retries. */
  | 'PARTS_FAILED'
  /** `POST /api/s3/presign` failed. */
  | 'PRESIGN_FAILED'
  /** `POST /api/upload/multipart/init` failed. */
  | 'INIT_FAILED'
  /** Commit or complete failed. */
  | 'FINALIZE_FAILED'
  /** Another tab of this browser is uploading the same file (multipart). */
  | 'IN_OTHER_TAB';

export class UploadError extends Error {
  readonly code: UploadErrorCode;
  /** HTTP status of a failed PUT (0 when there was no answer). */
  readonly status: number;
  /**
   * The failed PUT went straight to an S3 bucket, not to Driftbox. Without an answer the browser cannot
   * tell a dropped connection from a bucket whose CORS rules refuse this site, so the message names both.
   */
  readonly toStorage: boolean;
  override readonly cause: unknown;

  constructor(
    code: UploadErrorCode,
    options: { status?: number; cause?: unknown; message?: string; toStorage?: boolean } = {},
  ) {
    super(options.message ?? code);
    this.name = 'UploadError';
    this.code = code;
    this.status = options.status ?? 0;
    this.toStorage = options.toStorage ?? false;
    this.cause = options.cause;
  }
}

export function isUploadError(value: unknown): value is UploadError {
  return value instanceof UploadError;
}

/** True when the failure is the user's cancel, which is never retried nor reported as an error. */
export function isAbort(error: unknown): boolean {
  return isUploadError(error) && error.code === 'ABORTED';
}

/** Waits `ms`, or rejects with ABORTED as soon as `signal` fires. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadError('ABORTED'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort() {
      clearTimeout(timer);
      reject(new UploadError('ABORTED'));
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
