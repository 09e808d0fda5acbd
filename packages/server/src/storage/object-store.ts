/**
 * The one small, stream-based object storage interface (STYLE §17). Drivers (local disk, S3) implement
 * it; everything above — file shares, mounts, WebDAV — is written once against it. Bodies are always
 * streams so memory stays flat whatever the object size (ARCHITECTURE §6).
 */
import { MAX_PARTS } from '@driftbox/contract';
import type { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { ByteRange } from './range.js';

/** A request body: a Node stream or a web stream (e.g. `Request.body`). */
export type BodySource = Readable | ReadableStream<Uint8Array>;

export interface ObjectInfo {
  key: string;
  size: number;
  /** Quoted entity tag as the backend reports it. */
  etag: string;
  lastModified: Date;
}

export interface PutOptions {
  /** Exact body length when known; a body of a different length is refused. */
  contentLength?: number;
  contentType?: string;
}

export interface MoveOptions {
  /** The source's ETag as last checked (quoted, as `head` gives it). */
  ifMatch?: string;
}

export interface GetOptions {
  range?: ByteRange;
}

export interface GetResult extends ObjectInfo {
  body: Readable;
  /** Size of the whole object (`size` is what this response carries). */
  totalSize: number;
  /** Inclusive bytes served when a range was asked for, else null. */
  range: { start: number; end: number } | null;
  contentType: string | null;
}

export interface ListOptions {
  prefix?: string;
  /** `/` groups keys below the next slash into `prefixes` (one directory level). */
  delimiter?: string;
  /** Opaque `nextCursor` of the previous page. */
  cursor?: string;
  /** Keys plus prefixes per page, 1-1000 (default 1000). */
  limit?: number;
}

export interface ListResult {
  objects: ObjectInfo[];
  prefixes: string[];
  nextCursor: string | null;
}

/** A batch of a folder's listing: what a page holds, without its cursor. */
export type ListBatch = Omit<ListResult, 'nextCursor'>;

export interface PresignOptions {
  /** Lifetime in seconds. */
  expiresIn: number;
}

/** Options of a URL that uploads: a whole object or one part. */
export interface PresignUploadOptions extends PresignOptions {
  /**
   * Bound into the signature: the upload must be exactly this many bytes. A URL that outlives its
   * upload can then not be reused to store more than was announced and checked against the limits.
   */
  contentLength?: number;
}

export interface PresignGetOptions extends PresignOptions {
  /** Served as Content-Type (the backend's stored type otherwise). */
  contentType?: string;
  /** Served as Content-Disposition, e.g. `attachment; filename*=UTF-8''a.txt`. */
  contentDisposition?: string;
  /**
   * What the link serves on behalf of, e.g. a share and its password version. LOCAL signs it and asks
   * before serving whether it still holds, so its link dies with the share or its password; a presigned
   * S3 URL cannot be revoked, and S3 ignores it.
   */
  scope?: string;
}

export interface PresignPutOptions extends PresignUploadOptions {
  /** Bound into the signature: the uploader must send exactly this Content-Type. */
  contentType?: string;
  /**
   * What the upload is for, e.g. a pending share. LOCAL signs it and asks before storing whether it
   * still holds, so a link outlives neither its upload's cancel nor its publish; S3 ignores it.
   */
  scope?: string;
}

/** A URL the browser can call directly, with the headers it must send. */
export interface PresignedRequest {
  method: 'GET' | 'PUT';
  /** Absolute (S3) or app-relative (local storage, served by Driftbox itself). */
  url: string;
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface UploadedPart {
  partNumber: number;
  etag: string;
  size: number;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** Smallest part S3 accepts except the last one; local storage enforces the same so clients behave alike. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = MAX_PARTS;
export const MAX_LIST_LIMIT = 1000;

/** Ages beyond which a local store's leftovers are swept. */
export interface SweepBefore {
  /** Temp files not written since then. */
  temp: Date;
  /** Multipart uploads started before then. */
  uploads: Date;
}

export interface ObjectStore {
  readonly kind: 'LOCAL' | 'S3';
  /** Stores a streamed body under `key`, replacing any object there; readers never see a partial object. */
  put(key: string, body: BodySource, options?: PutOptions): Promise<ObjectInfo>;
  /** Streams an object or a byte range of it. Throws NOT_FOUND, or INVALID_RANGE for an unsatisfiable range. */
  get(key: string, options?: GetOptions): Promise<GetResult>;
  /** Metadata of one object; throws NOT_FOUND. */
  head(key: string): Promise<ObjectInfo>;
  /** Deletes every listed key; keys that do not exist are ignored. */
  delete(keys: string[]): Promise<void>;
  /** One page of keys in byte order, optionally grouped by a delimiter. */
  list(options?: ListOptions): Promise<ListResult>;
  /**
   * LOCAL only: one folder level (the `/` delimiter) below `prefix`, all of it in one pass (read and sorted
   * once), in the batches `list` would page it in. Callers go through `folderBatches`, which pages the others.
   */
  listFolder?(prefix: string): AsyncIterable<ListBatch>;
  /** LOCAL only: whether any object lies below the folder `prefix` ('' or ending with `/`), without listing it. */
  hasObjects?(prefix: string): Promise<boolean>;
  /** Copies `from` to `to` inside this store without passing the bytes through the caller. */
  copy(from: string, to: string): Promise<ObjectInfo>;
  /**
   * Moves `from` to `to` inside this store, replacing any object there; `from` is gone afterwards. With
   * `ifMatch`, only while `from` still has that ETag (CHANGED otherwise), so what lands at `to` is the
   * object that was checked (a changed source may be gone too). LOCAL renames; S3 copies (part by part
   * above CopyObject's limit) and deletes.
   */
  move(from: string, to: string, options?: MoveOptions): Promise<ObjectInfo>;
  presignGet(key: string, options: PresignGetOptions): Promise<PresignedRequest>;
  presignPut(key: string, options: PresignPutOptions): Promise<PresignedRequest>;
  /** Starts a multipart upload and returns its id. */
  createMultipart(key: string, options?: { contentType?: string }): Promise<string>;
  /** A URL that uploads one part (the response carries the part's ETag header). */
  presignPart(
    key: string,
    uploadId: string,
    partNumber: number,
    options: PresignUploadOptions,
  ): Promise<PresignedRequest>;
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    body: BodySource,
    options: { contentLength: number },
  ): Promise<UploadedPart>;
  /** Parts uploaded so far, by part number: how a client resumes an interrupted upload. */
  listParts(key: string, uploadId: string): Promise<UploadedPart[]>;
  /** Assembles the listed parts into the object; throws INVALID_PART on a wrong ETag or a small middle part. */
  completeMultipart(key: string, uploadId: string, parts: CompletedPart[]): Promise<ObjectInfo>;
  /** Discards an upload and its parts; unknown uploads are ignored. */
  abortMultipart(key: string, uploadId: string): Promise<void>;
  /** Releases connections; the store is unusable afterwards. */
  close(): void;
  /**
   * LOCAL only: removes what a crash left (temp files of writes cut short, multipart uploads whose
   * record was lost) older than `before`; returns how many. S3 has lifecycle rules of its own.
   */
  sweepLeftovers?(before: SweepBefore): Promise<number>;
}
