import type { FsCreateShareBody } from '@driftbox/contract';
import type { z } from 'zod';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { Vfs } from '../../vfs/vfs.js';
import { mimetypeFor, type MountShareWriter } from '../files/files.module.js';
import type { FsStores } from '../fs/fs.module.js';

export interface FsShareDeps {
  vfs: Vfs;
  stores: FsStores;
  mountShares: MountShareWriter;
}

/**
 * `POST /api/fs/create-share`: the path goes through the vfs (one normalisation, the base path, the
 * `share` op's MOUNT_VIEW bit) like every other, then the object is checked in storage and a file share
 * pointing at it is made with the share rules (files module). Folders and mount roots are not files.
 */
export function createFsShareService(deps: FsShareDeps) {
  const { vfs, stores, mountShares } = deps;
  return {
    async create(actor: AdminActor | ApiKeyActor, body: z.output<typeof FsCreateShareBody>) {
      const { path, ...options } = body;
      const target = await stores.open(stores.mountOf(await vfs.resolve(actor, path, 'share')));
      if (target.key === '') throw new AppError('BAD_REQUEST', { text: msg('fsfiles.isFolder') });
      // A folder has no object at its key: 404, as a missing file.
      const info = await target.store.head(target.key).catch((err: unknown) => {
        throw storageToAppError(err);
      });
      const filename = target.key.slice(target.key.lastIndexOf('/') + 1);
      const object = {
        path: target.location.path,
        configId: target.config.id,
        key: target.key,
        filename,
        mimetype: mimetypeFor(filename, undefined),
        size: info.size,
        etag: info.etag,
      };
      return mountShares.create(actor, object, options);
    },
  };
}
export type FsShareService = ReturnType<typeof createFsShareService>;
