import type {
  FsListUploadsBody,
  FsMultipartAbortDto,
  FsMultipartCompleteBody,
  FsMultipartCompleteDto,
  FsMultipartInitBody,
  FsMultipartInitDto,
  FsMultipartPartsDto,
  FsMultipartRefBody,
  FsMultipartRefreshBody,
  FsMultipartUrlsDto,
  FsPartUrl,
  FsUploadListDto,
} from '@driftbox/contract';
import type { z } from 'zod';
import { absoluteUrl } from '../../http/origin.js';
import type { Actor } from '../../lib/auth/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { isWithin } from '../../vfs/authorize.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import { mimetypeFor } from '../files/files.module.js';
import type { FsUploadRow, FsUploadsRepository } from './fs-upload.repository.js';
import { ownerOf, rethrow, urlLifetime, type UploadTargets } from './fs-upload.target.js';
import { checkPartList, checkPartNumbers, checkPlan, partLength, type Plan } from './fs-multipart.plan.js';

export interface FsMultipartDeps {
  repo: FsUploadsRepository;
  targets: UploadTargets;
  writes: MountWrites;
  clock: Clock;
  ids: Ids;
}

const planOf = (row: FsUploadRow): Plan => ({ size: row.size, partSize: row.part_size ?? row.size });

/**
 * `/api/fs/multipart/*`: resumable uploads whose parts the browser PUTs straight to storage (S3
 * presigned URLs, LOCAL's signed URLs). Each part URL is signed for its exact length; the parts
 * assemble at the file's own key, and their URLs die with the upload id at complete or abort. Only
 * the actor that started an upload sees, continues, completes or aborts it (404 for others).
 */
export function createFsMultipartService(deps: FsMultipartDeps) {
  const { repo, targets, writes, clock, ids } = deps;

  async function partUrls(
    store: ObjectStore,
    row: FsUploadRow & { upload_id: string },
    numbers: number[],
    expiresIn: number,
    origin: string,
  ): Promise<FsPartUrl[]> {
    return Promise.all(
      numbers.map(async (partNumber) => {
        const contentLength = partLength(planOf(row), partNumber) ?? 0;
        const signed = await store
          .presignPart(row.object_key, row.upload_id, partNumber, { expiresIn, contentLength })
          .catch(rethrow);
        return { partNumber, url: absoluteUrl(origin, signed.url) };
      }),
    );
  }

  const touch = (row: FsUploadRow) => repo.update(row.id, { touched_at: iso(clock.now()) });

  return {
    async init(actor: Actor, body: z.output<typeof FsMultipartInitBody>, origin: string): Promise<FsMultipartInitDto> {
      const owner = ownerOf(actor);
      const plan = { size: body.fileSize, partSize: body.partSize };
      const partCount = checkPlan(plan, body.partCount);
      const target = await targets.fileTarget(actor, body.path, body.fileName);
      const contentType = mimetypeFor(target.key, body.contentType);
      const uploadId = await target.store.createMultipart(target.key, { contentType }).catch(rethrow);
      const now = clock.now();
      const expiresIn = urlLifetime(target);
      const row = {
        id: ids.uuid(),
        owner,
        mount_id: target.location.mount.id,
        storage_config_id: target.config.id,
        path: target.location.path,
        object_key: target.key,
        staging_key: null,
        upload_id: uploadId,
        size: body.fileSize,
        part_size: body.partSize,
        content_type: contentType,
        status: 'pending' as const,
        created_at: iso(now),
        touched_at: iso(now),
        expires_at: iso(new Date(now.getTime() + expiresIn * 1000)),
      };
      try {
        await repo.insert(row);
        const numbers = Array.from({ length: partCount }, (_, i) => i + 1);
        const urls = await partUrls(target.store, row, numbers, expiresIn, origin);
        return {
          uploadId,
          bucket: null,
          key: target.key,
          partSize: body.partSize,
          partCount,
          totalSize: body.fileSize,
          presignedUrls: urls,
          mount_id: target.location.mount.id,
          path: target.location.path,
          fileName: target.location.path.slice(target.location.path.lastIndexOf('/') + 1),
          contentType,
          storage_type: target.location.mount.storageType,
        };
      } catch (err) {
        await target.store.abortMultipart(target.key, uploadId).catch(() => undefined);
        await repo.delete(row.id);
        throw err;
      }
    },

    /** The parts storage already holds, so a reloaded page uploads only the rest. */
    async listParts(actor: Actor, body: z.output<typeof FsMultipartRefBody>): Promise<FsMultipartPartsDto> {
      const { row, target } = await targets.multipart(actor, body);
      const parts = await target.store.listParts(row.object_key, row.upload_id).catch(rethrow);
      await touch(row);
      return {
        uploadId: row.upload_id,
        path: row.path,
        partSize: planOf(row).partSize,
        fileSize: row.size,
        parts: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag, Size: p.size })),
      };
    },

    /** Fresh URLs for parts whose first ones expired. */
    async refreshUrls(
      actor: Actor,
      body: z.output<typeof FsMultipartRefreshBody>,
      origin: string,
    ): Promise<FsMultipartUrlsDto> {
      const { row, target } = await targets.multipart(actor, body);
      const numbers = [...new Set(body.partNumbers)];
      checkPartNumbers(planOf(row), numbers, 'partNumbers');
      await touch(row);
      return {
        uploadId: row.upload_id,
        presignedUrls: await partUrls(target.store, row, numbers, urlLifetime(target), origin),
      };
    },

    /** The caller's unfinished uploads at or below `path` (every one without), for resuming after a reload. */
    async listUploads(actor: Actor, body: z.output<typeof FsListUploadsBody>): Promise<FsUploadListDto> {
      const owner = ownerOf(actor);
      const below = body.path === undefined ? undefined : (await targets.resolve(actor, body.path)).location.path;
      // A key sees its uploads inside its base path as it is now (it may have narrowed since they started).
      const base = actor.type === 'apikey' ? actor.basicPath : '/';
      const rows = (await repo.listMultipart(owner, 1000)).filter(
        (r): r is FsUploadRow & { upload_id: string } =>
          r.upload_id !== null && isWithin(r.path, base) && (below === undefined || isWithin(r.path, below)),
      );
      return {
        uploads: rows.map((r) => ({
          uploadId: r.upload_id,
          key: r.object_key,
          path: r.path,
          fileName: r.path.slice(r.path.lastIndexOf('/') + 1),
          fileSize: r.size,
          partSize: planOf(r).partSize,
          mount_id: r.mount_id,
          initiated: r.created_at,
        })),
      };
    },

    /** Assembles the parts at the file's key: every planned part, once; the result must have the planned size. */
    async complete(actor: Actor, body: z.output<typeof FsMultipartCompleteBody>): Promise<FsMultipartCompleteDto> {
      const { row, target } = await targets.multipart(actor, body);
      const parts = [...body.parts]
        .sort((a, b) => a.PartNumber - b.PartNumber)
        .map((p) => ({ partNumber: p.PartNumber, etag: p.ETag }));
      checkPartList(
        planOf(row),
        parts.map((p) => p.partNumber),
      );
      const info = await target.store.completeMultipart(row.object_key, row.upload_id, parts).catch(rethrow);
      await repo.delete(row.id);
      await writes.changed(row.mount_id, [row.path]);
      return {
        success: true,
        fileName: row.path.slice(row.path.lastIndexOf('/') + 1),
        path: row.path,
        size: info.size,
        contentType: row.content_type,
        s3Path: row.object_key,
        s3Url: null,
        etag: info.etag,
        location: row.path,
      };
    },

    /** Discards the upload and its parts. */
    async abort(actor: Actor, body: z.output<typeof FsMultipartRefBody>): Promise<FsMultipartAbortDto> {
      const { row, target } = await targets.multipart(actor, body);
      await target.store.abortMultipart(row.object_key, row.upload_id).catch(rethrow);
      await repo.delete(row.id);
      return { success: true };
    },
  };
}
export type FsMultipartService = ReturnType<typeof createFsMultipartService>;
