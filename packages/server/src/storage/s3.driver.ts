/**
 * The S3 driver: Cloudflare R2, Backblaze B2, AWS S3 and other S3-compatible services through the AWS
 * SDK v3 (loaded on first use). Bodies stream straight through; only an upload of unknown length is
 * cut into bounded in-memory parts by the SDK's multipart uploader.
 */
import { MAX_PARTS } from '@driftbox/contract';
import type { Readable } from 'node:stream';
import { StorageError } from './errors.js';
import { assertValidKey, assertValidPrefix } from './keys.js';
import {
  MAX_LIST_LIMIT,
  type GetResult,
  type ObjectInfo,
  type ObjectStore,
  type PutOptions,
  type BodySource,
} from './object-store.js';
import { parseContentRange, rangeHeader } from './range.js';
import {
  createS3Context,
  mapS3Error,
  S3_ANSWER_DEADLINE_MS,
  sendStreaming,
  sendWithin,
  withContentMd5,
  type S3Context,
  type S3StoreOptions,
} from './s3-client.js';
import { s3Multipart } from './s3-multipart.js';
import { guardedBody, toReadable } from './streams.js';

/** PutObject's ceiling (R2's: 5 GiB less 5 MiB, below S3's 5 GiB); larger bodies go through multipart. */
const MAX_SINGLE_PUT = 5 * 1024 ** 3 - 5 * 1024 ** 2;
/** Streamed multipart parts: 8 MiB, larger when a known length needs them to stay within 10 000 parts. */
const STREAM_PART_SIZE = 8 * 1024 * 1024;
const DELETE_BATCH = 1000;

/** 8 MiB parts reach 78 GiB in 10 000 parts; a longer body that says its length gets bigger ones. */
export function streamPartSize(contentLength: number | undefined): number {
  return Math.max(STREAM_PART_SIZE, Math.ceil((contentLength ?? 0) / MAX_PARTS));
}

/** A store over one bucket. */
export function createS3Store(options: S3StoreOptions): ObjectStore {
  let context: Promise<S3Context> | null = null;
  const ctx = () => (context ??= createS3Context(options));
  const answer = options.answerDeadlineMs ?? S3_ANSWER_DEADLINE_MS;

  /** Runs one backend call with errors mapped to StorageError. */
  async function call<T>(fn: (c: S3Context) => Promise<T>): Promise<T> {
    const c = await ctx();
    try {
      return await fn(c);
    } catch (err) {
      throw mapS3Error(err);
    }
  }

  /** One request that must be answered within `deadline` (sendWithin), its errors mapped. */
  function ask<T>(send: (c: S3Context, abortSignal: AbortSignal) => Promise<T>, deadline = answer): Promise<T> {
    return call((c) => sendWithin((abortSignal) => send(c, abortSignal), deadline));
  }

  async function head(key: string): Promise<ObjectInfo> {
    assertValidKey(key);
    const out = await ask((c, abortSignal) =>
      c.client.send(new c.sdk.HeadObjectCommand({ Bucket: c.bucket, Key: key }), { abortSignal }),
    );
    return { key, size: out.ContentLength ?? 0, etag: out.ETag ?? '', lastModified: out.LastModified ?? new Date(0) };
  }

  async function putUnknownLength(key: string, body: Readable, putOptions: PutOptions): Promise<void> {
    const { Upload } = await import('@aws-sdk/lib-storage');
    const partSize = streamPartSize(putOptions.contentLength);
    await call(async (c) => {
      // Memory is bounded by partSize × queueSize whatever the body's length.
      const upload = new Upload({
        client: c.client,
        params: { Bucket: c.bucket, Key: key, Body: body, ContentType: putOptions.contentType },
        partSize,
        // Parts grown for a very long body (over 234 GiB) are held one at a time: memory stays near one
        // part (about 10 MiB per 100 GiB), where three would triple it.
        queueSize: partSize > STREAM_PART_SIZE * 3 ? 1 : 3,
        leavePartsOnError: false,
      });
      await upload.done();
    });
  }

  async function deleteKeys(keys: string[]): Promise<void> {
    keys.forEach(assertValidKey);
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const Objects = keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key }));
      const out = await ask((c, abortSignal) =>
        c.client.send(
          withContentMd5(new c.sdk.DeleteObjectsCommand({ Bucket: c.bucket, Delete: { Objects, Quiet: true } })),
          {
            abortSignal,
          },
        ),
      );
      const failed = out.Errors?.[0];
      if (failed)
        throw new StorageError(
          'BACKEND',
          `Could not delete "${failed.Key}": ${failed.Code} ${failed.Message ?? ''}`.trim(),
        );
    }
  }

  const multipart = s3Multipart({ call, ask, head, copyPartThreshold: options.copyPartThreshold });

  return {
    kind: 'S3',

    async put(key, body: BodySource, putOptions = {}) {
      assertValidKey(key);
      const length = putOptions.contentLength;
      if (length !== undefined && length <= MAX_SINGLE_PUT) {
        const Body = guardedBody(body, length);
        const command = (c: S3Context) =>
          new c.sdk.PutObjectCommand({
            Bucket: c.bucket,
            Key: key,
            Body,
            ContentLength: length,
            ContentType: putOptions.contentType,
          });
        await call((c) => sendStreaming(Body, (abortSignal) => c.client.send(command(c), { abortSignal })));
        return head(key);
      }
      await putUnknownLength(key, length === undefined ? toReadable(body) : guardedBody(body, length), putOptions);
      return head(key);
    },

    async get(key, getOptions = {}): Promise<GetResult> {
      assertValidKey(key);
      const Range = getOptions.range ? rangeHeader(getOptions.range) : undefined;
      const out = await ask((c, abortSignal) =>
        c.client.send(new c.sdk.GetObjectCommand({ Bucket: c.bucket, Key: key, Range }), { abortSignal }),
      );
      const served = parseContentRange(out.ContentRange);
      const size = out.ContentLength ?? 0;
      return {
        key,
        body: out.Body as Readable,
        size,
        totalSize: served?.total ?? size,
        range: served ? { start: served.start, end: served.end } : null,
        etag: out.ETag ?? '',
        lastModified: out.LastModified ?? new Date(0),
        contentType: out.ContentType ?? null,
      };
    },

    head,

    delete: deleteKeys,

    async list(listOptions = {}) {
      const prefix = listOptions.prefix ?? '';
      assertValidPrefix(prefix);
      const limit = Math.min(Math.max(listOptions.limit ?? MAX_LIST_LIMIT, 1), MAX_LIST_LIMIT);
      const out = await ask((c, abortSignal) => {
        const command = new c.sdk.ListObjectsV2Command({
          Bucket: c.bucket,
          Prefix: prefix || undefined,
          Delimiter: listOptions.delimiter,
          ContinuationToken: listOptions.cursor || undefined,
          MaxKeys: limit,
        });
        return c.client.send(command, { abortSignal });
      });
      return {
        objects: (out.Contents ?? []).map((o) => ({
          key: o.Key ?? '',
          size: o.Size ?? 0,
          etag: o.ETag ?? '',
          lastModified: o.LastModified ?? new Date(0),
        })),
        prefixes: (out.CommonPrefixes ?? []).map((p) => p.Prefix ?? ''),
        nextCursor: out.IsTruncated ? (out.NextContinuationToken ?? null) : null,
      };
    },

    copy: (from, to) => multipart.copy(from, to),

    async move(from, to, moveOptions = {}) {
      assertValidKey(from);
      // S3 has no rename: a copy (that checks the source's ETag in the same request), then the delete.
      const moved = await multipart.copy(from, to, moveOptions);
      await deleteKeys([from]);
      return moved;
    },

    async presignGet(key, presignOptions) {
      assertValidKey(key);
      const { expiresIn, contentType, contentDisposition } = presignOptions;
      return multipart.sign('GET', expiresIn, {}, (presign, c) =>
        presign(
          c.client,
          new c.sdk.GetObjectCommand({
            Bucket: c.bucket,
            Key: key,
            ResponseContentType: contentType,
            ResponseContentDisposition: contentDisposition,
          }),
          { expiresIn },
        ),
      );
    },

    async presignPut(key, presignOptions) {
      assertValidKey(key);
      const { expiresIn, contentType, contentLength } = presignOptions;
      const headers: Record<string, string> = presignOptions.contentType
        ? { 'Content-Type': presignOptions.contentType }
        : {};
      // B2 verifies an SHA-1 of every direct upload unless told not to (the original product did the same).
      if (options.provider === 'Backblaze B2') headers['X-Bz-Content-Sha1'] = 'do_not_verify';
      return multipart.sign('PUT', expiresIn, headers, (presign, c) =>
        // Signing content-type and content-length makes S3 refuse an upload of another type or size, as
        // the local driver does (browsers set Content-Length themselves, so it is not among `headers`).
        presign(
          c.client,
          new c.sdk.PutObjectCommand({
            Bucket: c.bucket,
            Key: key,
            ContentType: contentType,
            ContentLength: contentLength,
          }),
          {
            expiresIn,
            signableHeaders: new Set(['content-type', 'content-length']),
          },
        ),
      );
    },

    createMultipart: multipart.create,
    presignPart: multipart.presignPart,
    uploadPart: multipart.uploadPart,
    listParts: multipart.listParts,
    completeMultipart: multipart.complete,
    abortMultipart: multipart.abort,

    close() {
      void context?.then(
        (c) => c.client.destroy(),
        () => undefined,
      );
      context = null;
    },
  };
}
