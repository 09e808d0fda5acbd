import {
  Permission,
  type FileIdBody,
  type MultipartCompleteBody,
  type MultipartInitBody,
  type MultipartInitDto,
  type MultipartPartsDto,
  type MultipartRefreshBody,
  type MultipartUrlsDto,
  type MultipartCompleteDto,
  type PartUrl,
} from '@driftbox/contract';
import type { z } from 'zod';
import type { Actor, AdminActor, ApiKeyActor } from '../../../lib/auth/actor.js';
import { assertPermission } from '../../../lib/auth/authz.js';
import { invalidField, notFound } from '../../../lib/errors.js';
import { listOf, msg } from '../../../lib/i18n/catalogue.js';
import { absoluteUrl } from '../../../http/origin.js';
import { storageToAppError } from '../../../storage/http-errors.js';
import { MIN_PART_SIZE, type ObjectStore } from '../../../storage/object-store.js';
import { presentDetail, presentPending, shareUrls } from '../files.presenter.js';
import type { FileRow } from '../files.repository.js';
import type { ShareWriter } from '../files.shares.js';
import { objectUrl, uploadUrlLifetime, type FileStorage } from '../files.storage.js';
import { createPendingUpload } from './pending-upload.js';
import type { StorageConfig } from '../../storage-configs/storage-configs.service.js';

export interface FileMultipartDeps {
  storage: FileStorage;
  shares: ShareWriter;
}

type InitInput = z.output<typeof MultipartInitBody>;

/** How many parts `size` bytes make in parts of `partSize` (an empty file is still one part). */
function partCountFor(size: number, partSize: number): number {
  return Math.max(1, Math.ceil(size / partSize));
}

/**
 * The length part `n` of a planned upload must have: the part size, the rest for the last part; null
 * for a number outside the plan; undefined when the plan is unknown (uploads started before it was kept).
 */
function partLength(row: Pick<FileRow, 'size' | 'part_size'>, n: number): number | null | undefined {
  if (row.part_size === null || row.part_size <= 0) return undefined;
  const count = partCountFor(row.size, row.part_size);
  if (!Number.isInteger(n) || n < 1 || n > count) return null;
  return n < count ? row.part_size : row.size - (count - 1) * row.part_size;
}

/**
 * Checks a complete's part list against the plan: every planned part, once, and no other. S3 and LOCAL
 * assemble whatever list they are given, so a list with a gap would publish a file with a hole in it.
 * Uploads started before plans were kept are checked by storage alone.
 */
function checkPartList(row: Pick<FileRow, 'size' | 'part_size'>, numbers: number[]): void {
  if (row.part_size === null || row.part_size <= 0) return;
  const count = partCountFor(row.size, row.part_size);
  const outside = numbers.find((n) => partLength(row, n) === null);
  if (outside !== undefined) throw invalidField('parts', msg('files.multipart.partOutside', { part: outside }));
  const twice = numbers.find((n, i) => numbers.indexOf(n) !== i);
  if (twice !== undefined) throw invalidField('parts', msg('files.multipart.partTwice', { part: twice }));
  const given = new Set(numbers);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !given.has(n));
  if (missing.length > 0) {
    // The first five, an ellipsis after the fifth when more are missing.
    const shown = missing.slice(0, 5).map((n, i) => (i === 4 && missing.length > 5 ? `${n}…` : String(n)));
    throw invalidField('parts', msg('files.multipart.partsMissing', { count, missing: listOf(shown) }));
  }
}

/** Checks the client's part plan against S3's rules before anything is created. */
function checkPlan(input: Pick<InitInput, 'size' | 'partSize' | 'partCount'>): void {
  const expected = partCountFor(input.size, input.partSize);
  if (input.partCount !== expected) {
    throw invalidField(
      'partCount',
      msg('files.multipart.wrongPartCount', { size: input.size, partSize: input.partSize, expected }),
    );
  }
  if (input.partCount > 1 && input.partSize < MIN_PART_SIZE) {
    throw invalidField('partSize', msg('files.multipart.partTooSmall'));
  }
}

async function withStorageErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw storageToAppError(err);
  }
}

/**
 * Resumable uploads (spec §4 "multipart (resumable)"): the browser PUTs parts straight to storage (S3
 * presigned URLs, or LOCAL's signed URLs) and can ask which parts arrived after a reload. Only the
 * actor that started an upload may continue, complete or abort it; others get 404.
 */
export function createFileMultipartService(deps: FileMultipartDeps) {
  const { storage, shares } = deps;

  function assertFileShare(actor: Actor): asserts actor is AdminActor | ApiKeyActor {
    assertPermission(actor, Permission.FILE_SHARE);
  }

  /** The caller's pending multipart upload and its store. */
  async function requireUpload(
    actor: AdminActor | ApiKeyActor,
    fileId: string,
  ): Promise<{
    row: FileRow & { upload_id: string };
    config: StorageConfig;
    store: ObjectStore;
    expiresIn: number;
  }> {
    const row = await shares.requirePending(actor, fileId);
    if (!row.upload_id) throw notFound('upload');
    const { config, store } = await storage.storeOf(row.storage_config_id);
    return {
      row: { ...row, upload_id: row.upload_id },
      config,
      store,
      expiresIn: Math.min(config.signature_expires_in, 3600),
    };
  }

  /**
   * URLs for parts of the planned upload, each signed for its exact length, so no part URL can store
   * more than the plan that was checked against the limits. 400 for part numbers outside the plan.
   */
  async function partUrls(
    store: ObjectStore,
    row: Pick<FileRow, 'storage_path' | 'size' | 'part_size'> & { upload_id: string },
    partNumbers: number[],
    expiresIn: number,
    origin: string,
  ): Promise<PartUrl[]> {
    const lengths = new Map(partNumbers.map((n) => [n, partLength(row, n)]));
    const outside = partNumbers.find((n) => lengths.get(n) === null);
    if (outside !== undefined) throw invalidField('partNumbers', msg('files.multipart.partOutside', { part: outside }));
    return withStorageErrors(() =>
      Promise.all(
        partNumbers.map(async (partNumber) => {
          const contentLength = lengths.get(partNumber);
          return {
            partNumber,
            // LOCAL's signed URL is origin-relative; a page served from another origin needs it absolute.
            url: absoluteUrl(
              origin,
              (
                await store.presignPart(row.storage_path, row.upload_id, partNumber, {
                  expiresIn,
                  ...(typeof contentLength === 'number' ? { contentLength } : {}),
                })
              ).url,
            ),
          };
        }),
      ),
    );
  }

  return {
    /** Starts an upload: a pending share, the storage's multipart upload, and a URL per part. */
    async init(actor: Actor, body: InitInput, origin: string): Promise<MultipartInitDto> {
      assertFileShare(actor);
      checkPlan(body);
      const { target, mimetype, row: pending } = await createPendingUpload(shares, storage, actor, body);
      let uploadId: string | null = null;
      try {
        uploadId = await withStorageErrors(() =>
          target.store.createMultipart(pending.storage_path, { contentType: mimetype }),
        );
        await shares.repo.update(pending.id, { upload_id: uploadId, part_size: body.partSize });
        const row = { ...pending, upload_id: uploadId as string, part_size: body.partSize };
        const numbers = Array.from({ length: body.partCount }, (_, i) => i + 1);
        const urls = await partUrls(target.store, row, numbers, uploadUrlLifetime(target), origin);
        const pendingShare = presentPending(row, target.config);
        return {
          file_id: row.id,
          upload_id: uploadId,
          slug: row.slug,
          storage_path: row.storage_path,
          storagePath: row.storage_path,
          storage_type: target.config.storage_type,
          provider_type: target.config.provider_type,
          contentType: mimetype,
          partSize: body.partSize,
          partCount: body.partCount,
          totalSize: body.size,
          part_urls: urls,
          presigned_urls: urls,
          s3Url: pendingShare.s3_url,
          url: shareUrls(origin, row.slug).url,
          ...pendingShare,
        };
      } catch (err) {
        await shares.discard({ ...pending, upload_id: uploadId }, target.store);
        throw err;
      }
    },

    /** The parts storage already holds, so a reloaded page uploads only the rest. */
    async listParts(actor: Actor, body: z.output<typeof FileIdBody>): Promise<MultipartPartsDto> {
      assertFileShare(actor);
      const { row, store } = await requireUpload(actor, body.file_id);
      const parts = await withStorageErrors(() => store.listParts(row.storage_path, row.upload_id));
      await shares.touch(row);
      return {
        file_id: row.id,
        upload_id: row.upload_id,
        parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: p.size })),
      };
    },

    /** Fresh URLs for the given parts (their first ones expired). */
    async refreshUrls(
      actor: Actor,
      body: z.output<typeof MultipartRefreshBody>,
      origin: string,
    ): Promise<MultipartUrlsDto> {
      assertFileShare(actor);
      const { row, store, expiresIn } = await requireUpload(actor, body.file_id);
      await shares.touch(row);
      return {
        file_id: row.id,
        part_urls: await partUrls(store, row, [...new Set(body.partNumbers)], expiresIn, origin),
      };
    },

    /** Assembles the parts, checks the object's real size against the limits, and publishes the share. */
    async complete(
      actor: Actor,
      body: z.output<typeof MultipartCompleteBody>,
      origin: string,
    ): Promise<MultipartCompleteDto> {
      assertFileShare(actor);
      const { row: started, config, store } = await requireUpload(actor, body.file_id);
      const parts = [...body.parts]
        .sort((a, b) => a.PartNumber - b.PartNumber)
        .map((p) => ({ partNumber: p.PartNumber, etag: p.ETag }));
      // A wrong part list is the client's to fix (400); the upload stays, options untouched, so it can retry or abort.
      checkPartList(
        started,
        parts.map((p) => p.partNumber),
      );
      // Options next: a taken link is 409 with the upload intact, to retry with another one.
      const row = body.options ? await shares.reoption(started, body.options) : started;
      const info = await withStorageErrors(() => store.completeMultipart(row.storage_path, row.upload_id, parts));
      const published = await shares.publish({ ...row, upload_id: null }, actor, info);
      const detail = await shares.repo.findDetail(published.id, undefined);
      if (!detail) throw notFound('file');
      return {
        ...presentDetail(detail, shareUrls(origin, detail.slug)),
        success: true,
        fileId: detail.id,
        s3Url: objectUrl(config, detail.storage_path),
      };
    },

    /** Discards the upload, its parts and its pending share. */
    async abort(actor: Actor, body: z.output<typeof FileIdBody>): Promise<void> {
      assertFileShare(actor);
      const { row, store } = await requireUpload(actor, body.file_id);
      await shares.discard(row, store);
    },
  };
}
export type FileMultipartService = ReturnType<typeof createFileMultipartService>;
