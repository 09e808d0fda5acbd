/**
 * The S3 driver's multipart uploads, server-side copy and URL signing. Copies above CopyObject's 5 GiB
 * limit are done part by part with UploadPartCopy, still without the bytes passing through Driftbox.
 */
import { MAX_PARTS } from '@driftbox/contract';
import type { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { StorageError } from './errors.js';
import { assertPartNumber, assertValidKey } from './keys.js';
import {
  MIN_PART_SIZE,
  type CompletedPart,
  type MoveOptions,
  type ObjectInfo,
  type PresignedRequest,
  type PresignUploadOptions,
  type UploadedPart,
} from './object-store.js';
import { S3_LONG_DEADLINE_MS, sendStreaming, type S3Context } from './s3-client.js';
import { guardedBody } from './streams.js';

/** CopyObject's ceiling (R2's: 5 GiB less 5 MiB); larger objects are copied part by part. */
const COPY_LIMIT = 5 * 1024 ** 3 - 5 * 1024 ** 2;
const COPY_PART_SIZE = 512 * 1024 ** 2;

/** Builds the signed URL with the (lazily imported) presigner; each caller names its own command. */
export type SignWith = (presign: typeof getSignedUrl, c: S3Context) => Promise<string>;

export interface S3MultipartDeps {
  call: <T>(fn: (c: S3Context) => Promise<T>) => Promise<T>;
  /** One request that must be answered within a deadline (the store's short one unless given). */
  ask: <T>(send: (c: S3Context, abortSignal: AbortSignal) => Promise<T>, deadline?: number) => Promise<T>;
  head: (key: string) => Promise<ObjectInfo>;
  copyPartThreshold?: number | undefined;
}

/** `bucket/key` as CopySource wants it: URL-encoded, slashes kept. */
function copySource(bucket: string, key: string): string {
  return `${bucket}/${encodeURIComponent(key).replace(/%2F/g, '/')}`;
}

/** Multipart, copy and signing operations over one bucket. */
export function s3Multipart(deps: S3MultipartDeps) {
  const { call, ask, head } = deps;
  const threshold = deps.copyPartThreshold ?? COPY_LIMIT;

  async function sign(
    method: 'GET' | 'PUT',
    expiresIn: number,
    headers: Record<string, string>,
    signWith: SignWith,
  ): Promise<PresignedRequest> {
    const presigner = await import('@aws-sdk/s3-request-presigner');
    const url = await call((c) => signWith(presigner.getSignedUrl, c));
    return { method, url, headers, expiresAt: new Date(Date.now() + expiresIn * 1000) };
  }

  async function create(key: string, options: { contentType?: string } = {}): Promise<string> {
    assertValidKey(key);
    const out = await ask((c, abortSignal) =>
      c.client.send(
        new c.sdk.CreateMultipartUploadCommand({ Bucket: c.bucket, Key: key, ContentType: options.contentType }),
        {
          abortSignal,
        },
      ),
    );
    if (!out.UploadId) throw new Error('CreateMultipartUpload returned no UploadId');
    return out.UploadId;
  }

  async function complete(key: string, uploadId: string, parts: CompletedPart[]): Promise<ObjectInfo> {
    assertValidKey(key);
    const Parts = parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag }));
    await ask(
      (c, abortSignal) =>
        c.client.send(
          new c.sdk.CompleteMultipartUploadCommand({
            Bucket: c.bucket,
            Key: key,
            UploadId: uploadId,
            MultipartUpload: { Parts },
          }),
          { abortSignal },
        ),
      S3_LONG_DEADLINE_MS,
    );
    return head(key);
  }

  async function abort(key: string, uploadId: string): Promise<void> {
    assertValidKey(key);
    try {
      await ask((c, abortSignal) =>
        c.client.send(new c.sdk.AbortMultipartUploadCommand({ Bucket: c.bucket, Key: key, UploadId: uploadId }), {
          abortSignal,
        }),
      );
    } catch (err) {
      // Aborting an upload that is already gone is not a failure (same as the local driver).
      if ((err as { code?: string }).code !== 'UPLOAD_NOT_FOUND') throw err;
    }
  }

  async function copyInParts(from: string, to: string, size: number, ifMatch: string | undefined): Promise<void> {
    // A copy part by part starts a new object: it keeps the type only if told (CopyObject keeps it itself).
    const { ContentType } = await ask((c, abortSignal) =>
      c.client.send(new c.sdk.HeadObjectCommand({ Bucket: c.bucket, Key: from }), { abortSignal }),
    );
    const uploadId = await create(to, ContentType ? { contentType: ContentType } : {});
    try {
      const partSize = Math.max(MIN_PART_SIZE, Math.min(COPY_PART_SIZE, threshold), Math.ceil(size / MAX_PARTS));
      const parts: CompletedPart[] = [];
      for (let start = 0, partNumber = 1; start < size; start += partSize, partNumber += 1) {
        const CopySourceRange = `bytes=${start}-${Math.min(start + partSize, size) - 1}`;
        const out = await ask(
          (c, abortSignal) =>
            c.client.send(
              new c.sdk.UploadPartCopyCommand({
                Bucket: c.bucket,
                Key: to,
                UploadId: uploadId,
                PartNumber: partNumber,
                CopySource: copySource(c.bucket, from),
                CopySourceRange,
                CopySourceIfMatch: ifMatch,
              }),
              { abortSignal },
            ),
          S3_LONG_DEADLINE_MS,
        );
        parts.push({ partNumber, etag: out.CopyPartResult?.ETag ?? '' });
      }
      await complete(to, uploadId, parts);
    } catch (err) {
      await abort(to, uploadId).catch(() => undefined);
      throw err;
    }
  }

  return {
    sign,
    create,
    complete,
    abort,

    async presignPart(
      key: string,
      uploadId: string,
      partNumber: number,
      options: PresignUploadOptions,
    ): Promise<PresignedRequest> {
      assertValidKey(key);
      assertPartNumber(partNumber);
      const { expiresIn, contentLength } = options;
      return sign('PUT', expiresIn, {}, (presign, c) =>
        presign(
          c.client,
          new c.sdk.UploadPartCommand({
            Bucket: c.bucket,
            Key: key,
            UploadId: uploadId,
            PartNumber: partNumber,
            ContentLength: contentLength,
          }),
          {
            expiresIn,
            signableHeaders: new Set(['content-length']),
          },
        ),
      );
    },

    async uploadPart(
      key: string,
      uploadId: string,
      partNumber: number,
      body: Parameters<typeof guardedBody>[0],
      options: { contentLength: number },
    ): Promise<UploadedPart> {
      assertValidKey(key);
      assertPartNumber(partNumber);
      const Body = guardedBody(body, options.contentLength);
      const command = (c: S3Context) =>
        new c.sdk.UploadPartCommand({
          Bucket: c.bucket,
          Key: key,
          UploadId: uploadId,
          PartNumber: partNumber,
          Body,
          ContentLength: options.contentLength,
        });
      const out = await call((c) => sendStreaming(Body, (abortSignal) => c.client.send(command(c), { abortSignal })));
      return { partNumber, etag: out.ETag ?? '', size: options.contentLength };
    },

    async listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
      assertValidKey(key);
      const parts: UploadedPart[] = [];
      let marker: string | undefined;
      for (;;) {
        const out = await ask((c, abortSignal) =>
          c.client.send(
            new c.sdk.ListPartsCommand({ Bucket: c.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
            {
              abortSignal,
            },
          ),
        );
        for (const p of out.Parts ?? [])
          parts.push({ partNumber: p.PartNumber ?? 0, etag: p.ETag ?? '', size: p.Size ?? 0 });
        if (!out.IsTruncated || !out.NextPartNumberMarker) return parts;
        marker = out.NextPartNumberMarker;
      }
    },

    /** CopyObject, or UploadPartCopy above its limit; with `ifMatch`, each request only from that version of `from`. */
    async copy(from: string, to: string, options: MoveOptions = {}): Promise<ObjectInfo> {
      assertValidKey(to);
      const source = await head(from);
      const ifMatch = options.ifMatch;
      if (ifMatch !== undefined && source.etag !== ifMatch)
        throw new StorageError('CHANGED', `"${from}" is no longer the object that was checked`);
      if (source.size > threshold) {
        await copyInParts(from, to, source.size, ifMatch);
        return head(to);
      }
      await ask(
        (c, abortSignal) =>
          c.client.send(
            new c.sdk.CopyObjectCommand({
              Bucket: c.bucket,
              Key: to,
              CopySource: copySource(c.bucket, from),
              CopySourceIfMatch: ifMatch,
            }),
            {
              abortSignal,
            },
          ),
        S3_LONG_DEADLINE_MS,
      );
      return head(to);
    },
  };
}
