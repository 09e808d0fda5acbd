/**
 * Building the AWS SDK v3 client for one S3 config, and mapping its errors to StorageError. The SDK is
 * loaded with a dynamic import on first use (STYLE §17): a Driftbox that only uses local storage never
 * loads it. Only type imports of the SDK appear at the top of the storage modules.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Provider } from '@driftbox/contract';
import { StorageError } from './errors.js';

export interface S3StoreOptions {
  provider: S3Provider;
  /** Empty for AWS S3: the SDK derives the regional endpoint. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted servers). */
  pathStyle: boolean;
  /** Objects above this size are copied part by part (S3's CopyObject stops at 5 GiB). */
  copyPartThreshold?: number;
  /** How long a request may wait for its answer (S3_ANSWER_DEADLINE_MS); tests shorten it. */
  answerDeadlineMs?: number;
}

export interface S3Context {
  sdk: typeof S3Sdk;
  client: S3Sdk.S3Client;
  bucket: string;
}

/** The region the SDK signs with: R2 wants `auto`; others default to us-east-1. */
export function regionOf(options: S3StoreOptions): string {
  if (options.region) return options.region;
  return options.provider === 'Cloudflare R2' ? 'auto' : 'us-east-1';
}

/** Connections one storage config may hold open at once. */
const MAX_SOCKETS = 256;

/** Imports the SDK and builds the client. */
export async function createS3Context(options: S3StoreOptions): Promise<S3Context> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    region: regionOf(options),
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.pathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Since 2025 the SDK adds CRC32 checksums to every upload, which several S3-compatible services
    // reject and which a browser holding a presigned URL cannot compute. Only where S3 requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // No idle timeout on responses: a slow downloader legitimately pauses the stream (backpressure).
    // Each download holds a socket while its reader takes the bytes: more than the SDK's 50, so a few
    // dozen slow readers of one share do not leave every other request of this storage waiting.
    requestHandler: {
      connectionTimeout: 10_000,
      httpAgent: { maxSockets: MAX_SOCKETS },
      httpsAgent: { maxSockets: MAX_SOCKETS },
    },
    // Failures reach the caller as errors; the SDK's own console warnings would only be noise.
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
  });
  return { sdk, client, bucket: options.bucket };
}

/**
 * Adds Content-MD5 to a request with a string body. DeleteObjects requires an integrity header; the
 * SDK now sends only a CRC32 one, which R2, B2 and older MinIO versions do not accept.
 */
export function withContentMd5<C extends { middlewareStack: S3Sdk.DeleteObjectsCommand['middlewareStack'] }>(
  command: C,
): C {
  command.middlewareStack.add(
    (next) => async (args) => {
      const request = args.request as { body?: unknown; headers?: Record<string, string> };
      if (typeof request.body === 'string' && request.headers) {
        request.headers['content-md5'] = createHash('md5').update(request.body, 'utf8').digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'driftboxContentMd5' },
  );
  return command;
}

const CODE_BY_NAME: Record<string, StorageError['code']> = {
  NoSuchKey: 'NOT_FOUND',
  NotFound: 'NOT_FOUND',
  NoSuchUpload: 'UPLOAD_NOT_FOUND',
  InvalidRange: 'INVALID_RANGE',
  EntityTooSmall: 'INVALID_PART',
  InvalidPart: 'INVALID_PART',
  InvalidPartOrder: 'INVALID_PART',
  NoSuchBucket: 'BUCKET_NOT_FOUND',
  AccessDenied: 'ACCESS_DENIED',
  InvalidAccessKeyId: 'ACCESS_DENIED',
  SignatureDoesNotMatch: 'ACCESS_DENIED',
  BadDigest: 'BAD_DIGEST',
  IncompleteBody: 'BAD_DIGEST',
  PreconditionFailed: 'CHANGED',
};

const CODE_BY_STATUS: Record<number, StorageError['code']> = {
  403: 'ACCESS_DENIED',
  404: 'NOT_FOUND',
  412: 'CHANGED',
  416: 'INVALID_RANGE',
};

/** Maps an SDK or network error to a StorageError (already-typed errors pass through). */
export function mapS3Error(err: unknown): StorageError {
  if (err instanceof StorageError) return err;
  const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } } | null;
  const status = e?.$metadata?.httpStatusCode;
  // An answer the SDK could not read (JSON or another non-XML page at the endpoint) says nothing about the object: its 404 is no NOT_FOUND.
  const notS3 = e?.message?.includes('Deserialization error') === true;
  const code =
    (e?.name && CODE_BY_NAME[e.name]) || (!notS3 && status !== undefined && CODE_BY_STATUS[status]) || 'BACKEND';
  const detail = e?.message && e.message !== 'UnknownError' ? e.message : `HTTP ${status ?? 'error'}`;
  return new StorageError(code, `${e?.name ?? 'Error'}: ${detail}`, { cause: err });
}

/** What a request may take to be answered; assembling or copying big objects takes longer. */
export const S3_ANSWER_DEADLINE_MS = 60_000;
export const S3_LONG_DEADLINE_MS = 10 * 60_000;

/**
 * Sends a request that must be answered within `deadlineMs` (its response headers: a GET's body then
 * streams at the reader's pace, the timer is gone by then). An endpoint that accepts the connection and
 * never answers would otherwise hold the request, and a pooled socket, forever. Streamed uploads use
 * `sendStreaming`: their time is the body's.
 */
export async function sendWithin<T>(
  send: (abortSignal: AbortSignal) => Promise<T>,
  deadlineMs = S3_ANSWER_DEADLINE_MS,
): Promise<T> {
  const controller = new AbortController();
  const late = new StorageError('BACKEND', `The storage did not answer within ${deadlineMs / 1000} s`);
  const timer = setTimeout(() => controller.abort(late), deadlineMs);
  try {
    return await send(controller.signal);
  } catch (err) {
    throw controller.signal.aborted ? late : err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Sends a request whose body is a stream, aborting it when the stream fails. Without this an upload
 * whose body ends early (a client hung up, a length mismatch) leaves the backend waiting for the missing
 * bytes. The body's own error (e.g. BAD_DIGEST) is what the caller sees.
 */
export async function sendStreaming<T>(body: Readable, send: (abortSignal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let bodyError: unknown = null;
  body.once('error', (err) => {
    bodyError = err;
    controller.abort(err);
  });
  try {
    return await send(controller.signal);
  } catch (err) {
    throw bodyError ?? err;
  }
}
