import type { FsPresignBody, FsPresignCommitBody, FsPresignCommitDto, FsPresignDto } from '@driftbox/contract';
import type { z } from 'zod';
import { absoluteUrl } from '../../http/origin.js';
import type { Actor } from '../../lib/auth/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { isStorageError } from '../../storage/errors.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import { mimetypeFor } from '../files/files.module.js';
import type { FsUploadsRepository } from './fs-upload.repository.js';
import { ownerOf, rethrow, stagingKeyOf, urlLifetime, type UploadTargets } from './fs-upload.target.js';

export interface FsPresignDeps {
  repo: FsUploadsRepository;
  targets: UploadTargets;
  writes: MountWrites;
  clock: Clock;
  ids: Ids;
}

const unquote = (etag: string) => etag.trim().replace(/^(W\/)?"|"$/g, '');

/**
 * `POST /api/fs/presign` and `/api/fs/presign/commit`: one presigned PUT straight to storage. The URL
 * names a staging key of its own (`.driftbox-staging/fs-<id>`, hidden from mounts), never the file's key:
 * it stays valid until it expires, and a PUT with it after the commit must not replace the published
 * file. The commit checks the staged object's size and moves that very object (`ifMatch`) into place.
 */
export function createFsPresignService(deps: FsPresignDeps) {
  const { repo, targets, writes, clock, ids } = deps;

  return {
    async presign(actor: Actor, body: z.output<typeof FsPresignBody>, origin: string): Promise<FsPresignDto> {
      const owner = ownerOf(actor);
      const target = await targets.fileTarget(actor, body.path, body.fileName);
      const id = ids.uuid();
      const contentType = mimetypeFor(target.key, body.contentType);
      const stagingKey = stagingKeyOf(target.config.default_folder, id);
      const expiresIn = urlLifetime(target);
      const signed = await target.store
        .presignPut(stagingKey, { expiresIn, contentLength: body.fileSize, contentType })
        .catch(rethrow);
      const now = clock.now();
      await repo.insert({
        id,
        owner,
        mount_id: target.location.mount.id,
        storage_config_id: target.config.id,
        path: target.location.path,
        object_key: target.key,
        staging_key: stagingKey,
        upload_id: null,
        size: body.fileSize,
        part_size: null,
        content_type: contentType,
        status: 'pending',
        created_at: iso(now),
        touched_at: iso(now),
        expires_at: iso(signed.expiresAt),
      });
      return {
        presignedUrl: absoluteUrl(origin, signed.url),
        headers: signed.headers,
        expiresAt: signed.expiresAt.toISOString(),
        fileId: id,
        s3Path: target.key,
        s3Url: null,
        mountId: target.location.mount.id,
        s3ConfigId: target.config.id,
        targetPath: target.location.path,
        contentType,
        fileSize: body.fileSize,
      };
    },

    async commit(actor: Actor, body: z.output<typeof FsPresignCommitBody>): Promise<FsPresignCommitDto> {
      const owner = ownerOf(actor);
      // The path again through the vfs: a key whose base path changed since presign cannot commit there.
      const byPath =
        body.targetPath === undefined ? undefined : await targets.resolve(actor, body.targetPath, 'targetPath');
      const row = await repo.findPending(
        owner,
        body.fileId !== undefined ? { id: body.fileId } : { path: byPath!.location.path, staged: true },
      );
      if (!row || row.staging_key === null) throw notFound('upload');
      const target = byPath ?? (await targets.resolve(actor, row.path, 'targetPath'));
      if (target.location.path !== row.path || target.location.mount.id !== row.mount_id) throw notFound('upload');
      // The mount was moved to another storage since presign: its staged object is not there.
      if (target.config.id !== row.storage_config_id) throw notFound('upload');
      const stagingKey = row.staging_key;
      const refuse = async (text: Text): Promise<never> => {
        await target.store.delete([stagingKey]).catch(() => undefined);
        await repo.delete(row.id);
        throw new AppError('BAD_REQUEST', { text });
      };
      const staged = await target.store.head(stagingKey).catch((err: unknown) => {
        if (isStorageError(err, 'NOT_FOUND'))
          throw new AppError('BAD_REQUEST', { text: msg('files.upload.nothingUploaded') });
        return rethrow(err);
      });
      if (staged.size !== row.size)
        await refuse(msg('files.upload.wrongSize', { size: staged.size, expected: row.size }));
      if (body.fileSize !== undefined && body.fileSize !== row.size)
        await refuse(msg('files.upload.wrongSize', { size: staged.size, expected: body.fileSize }));
      if (body.etag !== undefined && unquote(body.etag) !== unquote(staged.etag))
        await refuse(msg('files.upload.etagMismatch'));
      // One commit takes the row; a second one racing it finds nothing pending (404).
      if (!(await repo.claim(row.id, 'committed', row.expires_at))) throw notFound('upload');
      const info = await target.store.move(stagingKey, row.object_key, { ifMatch: staged.etag }).catch(async (err) => {
        if (isStorageError(err, 'CHANGED')) return refuse(msg('files.upload.changedMeanwhile'));
        await repo.delete(row.id);
        return rethrow(err);
      });
      await writes.changed(row.mount_id, [row.path]);
      // The row stays until the URL expires: the cleanup job then deletes what a late PUT staged.
      await repo.update(row.id, { touched_at: iso(clock.now()) });
      const name = row.path.slice(row.path.lastIndexOf('/') + 1);
      return {
        success: true,
        fileName: name,
        targetPath: row.path,
        path: row.path,
        mountId: row.mount_id,
        size: info.size,
        contentType: row.content_type,
        s3Path: row.object_key,
        etag: info.etag,
      };
    },
  };
}
export type FsPresignService = ReturnType<typeof createFsPresignService>;
