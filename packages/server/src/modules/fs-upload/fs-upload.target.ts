import { joinPath } from '@driftbox/contract';
import type { Actor } from '../../lib/auth/actor.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { Vfs } from '../../vfs/vfs.js';
import { STAGING_NAME, type FsStores, type FsTarget } from '../fs/fs.module.js';
import type { FsUploadRow, FsUploadsRepository } from './fs-upload.repository.js';

/** Who owns an upload: only the actor that started it continues it (others get 404). */
export function ownerOf(actor: Actor): string {
  if (actor.type === 'anonymous') throw forbidden();
  return `${actor.type}:${actor.id}`;
}

/** The last segment a client named a file by, made a plain name (the vfs then checks it like any path). */
function plainName(fileName: string): string {
  return fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
}

/** The file's path: `fileName` in the folder `path`, or `path` itself when no name is given. */
export function filePath(path: string, fileName: string | undefined): string {
  return fileName === undefined ? path : joinPath(path, plainName(fileName));
}

export const rethrow = (err: unknown): never => {
  throw storageToAppError(err);
};

/** Where presigned single PUTs of the fs write until their commit: the config's staging folder (hidden). */
export function stagingKeyOf(defaultFolder: string | null | undefined, id: string): string {
  return [defaultFolder, STAGING_NAME, `fs-${id}`].filter((p) => p).join('/');
}

/** How long an upload URL lives: the config's signature lifetime, at most an hour (the share uploads' rule). */
export function urlLifetime(target: Pick<FsTarget, 'config'>): number {
  return Math.max(60, Math.min(target.config.signature_expires_in, 3600));
}

/** True when anything is stored below `key` as a folder (one one-key listing). */
async function isFolder(store: ObjectStore, key: string): Promise<boolean> {
  const page = await store.list({ prefix: `${key}/`, limit: 1 }).catch(rethrow);
  return page.objects.length > 0 || page.prefixes.length > 0;
}

/**
 * The resolution every route starts with: the path through the vfs (one normalisation, base path,
 * MOUNT_UPLOAD), then its store. A file's place must be inside a mount, below its root, and not a folder.
 */
export function uploadTargets(deps: { vfs: Vfs; stores: FsStores; repo: FsUploadsRepository }) {
  const { vfs, stores, repo } = deps;

  async function resolve(actor: Actor, path: string, field = 'path'): Promise<FsTarget> {
    return stores.open(stores.mountOf(await vfs.resolve(actor, path, 'upload', { field })));
  }

  return {
    resolve,

    /** A new file's target: 400 for a mount root, 409 where a folder of that name is. */
    async fileTarget(actor: Actor, folder: string, fileName: string): Promise<FsTarget> {
      if (!plainName(fileName)) throw new AppError('BAD_REQUEST', { text: msg('files.form.noFile') });
      const target = await resolve(actor, filePath(folder, fileName));
      if (target.key === '') throw new AppError('BAD_REQUEST', { text: msg('fsfiles.mountRoot') });
      if (await isFolder(target.store, target.key)) throw new AppError('CONFLICT', { text: msg('fsfiles.exists') });
      return target;
    },

    /**
     * The caller's pending multipart upload named by a body: its path resolved again (the base path or
     * the mount may have changed since init) and equal to the upload's; 404 otherwise.
     */
    async multipart(
      actor: Actor,
      body: { path: string; uploadId: string; fileName?: string | undefined },
    ): Promise<{ row: FsUploadRow & { upload_id: string }; target: FsTarget }> {
      const target = await resolve(actor, filePath(body.path, body.fileName));
      const row = await repo.findPending(ownerOf(actor), { uploadId: body.uploadId });
      if (!row || row.upload_id === null || row.path !== target.location.path) throw notFound('upload');
      if (row.mount_id !== target.location.mount.id || row.storage_config_id !== target.config.id)
        throw notFound('upload');
      if (row.object_key !== target.key) throw notFound('upload');
      return { row: { ...row, upload_id: row.upload_id }, target };
    },
  };
}
export type UploadTargets = ReturnType<typeof uploadTargets>;
