import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { StoreFactory } from '../../storage/stores.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import { copyHandler } from '../fs-copy/fs-copy.module.js';
import { fsStores, removeHandler, type FsReadService, type FsWriteService } from '../fs/fs.module.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { davLocks } from './webdav.locks.js';
import { webdavRepository } from './webdav.repository.js';
import { davResources } from './webdav.resources.js';
import { createWebdavService } from './webdav.service.js';

/** The module's one entrance: WebDAV at `/dav`, the second adapter over the vfs (STYLE §13). */
export { webdavRoutes } from './webdav.routes.js';
export type { WebdavService } from './webdav.service.js';

export interface WebdavDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  vfs: Vfs;
  storageConfigs: StorageConfigsService;
  settings: SettingsService;
  fsRead: FsReadService;
  fsWrite: FsWriteService;
  mountWrites: MountWrites;
  stores: Pick<StoreFactory, 'localDiskSpace'>;
}

export function createWebdavServices(deps: WebdavDeps) {
  const stores = fsStores(deps.storageConfigs);
  const repo = webdavRepository(deps.db);
  const storeFor = async (configId: string): Promise<ObjectStore> =>
    (await deps.storageConfigs.storeFor(configId)).store;
  const webdav = createWebdavService({
    vfs: deps.vfs,
    stores,
    fsRead: deps.fsRead,
    fsWrite: deps.fsWrite,
    writes: deps.mountWrites,
    repo,
    locks: davLocks({ repo, clock: deps.clock }),
    resources: davResources({ vfs: deps.vfs, stores }),
    clock: deps.clock,
    logger: deps.logger,
    copyHandler: copyHandler({ vfs: deps.vfs, storeFor, mountWrites: deps.mountWrites, logger: deps.logger }),
    removeHandler: removeHandler({ vfs: deps.vfs, stores, writes: deps.mountWrites, logger: deps.logger }),
    uploadMode: async () => String(await deps.settings.value('webdav_upload_mode')),
    quota: {
      localDiskSpace: (id) => deps.stores.localDiskSpace(id),
      usedBytes: (id) => deps.storageConfigs.usedBytes(id),
    },
  });
  return { webdav };
}
