import type { Clock } from '../../lib/clock.js';
import type { Mac } from '../../lib/crypto/mac.js';
import type { Logger } from '../../lib/logger.js';
import type { StoreFactory } from '../../storage/stores.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import type { TasksService } from '../tasks/tasks.module.js';
import { createFsArchiveService } from './fs-archive.service.js';
import { mountStoreAccess } from './fs-archive.store.js';
import { archiveLinks } from './fs-archive.link.js';
import { createArchiveTasks } from './fs-archive.task.js';

// The module's one entrance: what services.ts and app.ts build and mount.
export { fsArchiveRoutes } from './fs-archive.routes.js';
export type { FsArchiveService } from './fs-archive.service.js';
export type { MountStore, MountStoreAccess } from './fs-archive.store.js';
export { ARCHIVE_TASK, type ArchiveTasks } from './fs-archive.task.js';

/** Where built ZIPs of archive tasks are kept: a LOCAL store of their own, DATA_DIR/storage/_archives. */
const ARCHIVE_STORE_ID = '_archives';

/**
 * The file basket's ZIP download over the vfs and the stores of the mounts' configs, streamed or built
 * by an `archive` task (its handler registered on this instance's task engine) and fetched by a signed link.
 */
export function createFsArchiveServices(deps: {
  vfs: Vfs;
  storageConfigs: StorageConfigsService;
  tasks: TasksService;
  stores: StoreFactory;
  clock: Clock;
  logger: Logger;
  mac: Mac;
}) {
  const fsArchive = createFsArchiveService({ ...deps, stores: mountStoreAccess(deps.storageConfigs) });
  const fsArchiveTasks = createArchiveTasks({
    ...deps,
    service: fsArchive,
    links: archiveLinks(deps),
    store: deps.stores.open({ type: 'LOCAL', configId: ARCHIVE_STORE_ID }),
  });
  return { fsArchive, fsArchiveTasks };
}
