import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { createFsArchiveService } from './fs-archive.service.js';
import { mountStoreAccess } from './fs-archive.store.js';

// The module's one entrance: what services.ts and app.ts build and mount.
export { fsArchiveRoutes } from './fs-archive.routes.js';
export type { FsArchiveService } from './fs-archive.service.js';
export type { MountStoreAccess } from './fs-archive.store.js';

/** The file basket's ZIP download over the vfs and the stores of the mounts' configs. */
export function createFsArchiveServices(deps: {
  vfs: Vfs;
  storageConfigs: StorageConfigsService;
  clock: Clock;
  logger: Logger;
}) {
  return { fsArchive: createFsArchiveService({ ...deps, stores: mountStoreAccess(deps.storageConfigs) }) };
}
