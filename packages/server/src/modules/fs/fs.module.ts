import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CacheRegistry } from '../../lib/cache/cache-registry.js';
import type { Clock } from '../../lib/clock.js';
import type { Mac } from '../../lib/crypto/mac.js';
import type { Logger } from '../../lib/logger.js';
import type { Vfs } from '../../vfs/vfs.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { createListingCache } from './fs-listing-cache.js';
import { fsLinks } from './fs-links.js';
import { createFsReadService } from './fs-read.service.js';
import { fsStores } from './fs-store.js';
import { createFsWriteService } from './fs-write.service.js';
import { fanOutMountWrites, type MountWrites } from '../../vfs/mount-writes.js';
import type { TasksService } from '../tasks/tasks.module.js';
import { REMOVE_TASK, removeHandler, type RemovePayload } from './fs-remove.task.js';

// The module's one entrance: what services.ts and app.ts build and mount, and what other modules name.
export { fsRoutes } from './fs.routes.js';
export type { FsReadService } from './fs-read.service.js';
export type { FsWriteService } from './fs-write.service.js';
export {
  baseName,
  folderPrefix,
  FOLDER_MARKER,
  fsStores,
  isHiddenName,
  STAGING_NAME,
  type FsStores,
  type FsTarget,
} from './fs-store.js';
export type { StreamAnswer } from './fs-delivery.js';
export { REMOVE_TASK, removeHandler, type RemovePayload, type RemoveHandlerDeps } from './fs-remove.task.js';

export interface FsDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  mac: Mac;
  vfs: Vfs;
  settings: SettingsService;
  storageConfigs: StorageConfigsService;
  /** The task engine: folder deletes run as its `delete` tasks (the handler is registered here). */
  tasks: TasksService;
  caches?: CacheRegistry | undefined;
  /** Other listeners of writes (the search index); the listing cache always listens. */
  writeListeners?: readonly MountWrites[];
}

/**
 * The mount explorer's services: reads (listing with its cache, metadata, downloads, links, `/api/p`)
 * and simple writes. `writes` is the listing cache's `MountWrites` fanned out with `writeListeners`:
 * every other writer of the mount tree (tasks, WebDAV) reports there too.
 */
export function createFsServices(deps: FsDeps) {
  const cache = createListingCache(deps);
  const stores = fsStores(deps.storageConfigs);
  const links = fsLinks(deps);
  const writes = fanOutMountWrites(cache.writes, ...(deps.writeListeners ?? []));
  deps.tasks.registerHandler<RemovePayload>(
    REMOVE_TASK,
    removeHandler({ vfs: deps.vfs, stores, writes, logger: deps.logger }),
  );
  return {
    fsRead: createFsReadService({ vfs: deps.vfs, stores, cache, links }),
    fsWrite: createFsWriteService({ vfs: deps.vfs, stores, writes, tasks: deps.tasks }),
    mountWrites: writes,
  };
}
