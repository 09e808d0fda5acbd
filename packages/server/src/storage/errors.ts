/**
 * Typed storage failures shared by every driver, so callers branch on `code` rather than on a backend's
 * error names (S3's NoSuchKey and a missing file are both NOT_FOUND).
 */
export type StorageErrorCode =
  /** No object under that key. */
  | 'NOT_FOUND'
  /** No multipart upload with that id (finished, aborted or never started). */
  | 'UPLOAD_NOT_FOUND'
  /** A key that is unsafe or not in normal form. */
  | 'INVALID_KEY'
  /** A byte range that starts past the end of the object. */
  | 'INVALID_RANGE'
  /** A part list that does not match what was uploaded, or a middle part below the minimum size. */
  | 'INVALID_PART'
  /** The body did not have the announced length. */
  | 'BAD_DIGEST'
  /** A conditional move found the source changed: its ETag is no longer the one named. */
  | 'CHANGED'
  /** The key collides with a folder (local disk cannot hold both `a` and `a/b`). */
  | 'CONFLICT'
  /** The backend refused the credentials or the operation. */
  | 'ACCESS_DENIED'
  /** The bucket does not exist. */
  | 'BUCKET_NOT_FOUND'
  /** The disk (or quota) is full: nothing of the write was kept. */
  | 'NO_SPACE'
  /** Any other backend or network failure. */
  | 'BACKEND';

export class StorageError extends Error {
  readonly code: StorageErrorCode;
  /** The storage config's name, set where the store of a named config failed (`withStorageName`). */
  storageName?: string;

  constructor(code: StorageErrorCode, message: string = code, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageError';
    this.code = code;
  }
}

/** True when `err` is a StorageError with that code. */
export function isStorageError(err: unknown, code?: StorageErrorCode): err is StorageError {
  return err instanceof StorageError && (code === undefined || err.code === code);
}

/** The typed "no such object" error. */
export function objectNotFound(key: string): StorageError {
  return new StorageError('NOT_FOUND', `No object at "${key}"`);
}
