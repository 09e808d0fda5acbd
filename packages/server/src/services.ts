import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';
import type { Clock } from './lib/clock.js';
import type { AppCrypto } from './lib/crypto/crypto.js';
import type { Ids } from './lib/crypto/ids.js';
import type { Logger } from './lib/logger.js';
import type { StoreFactory } from './storage/stores.js';
import { createApiKeysService } from './modules/api-keys/api-keys.service.js';
import { createLocalStorageService } from './modules/local-storage/local-storage.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import { createPasteViewsService } from './modules/pastes/paste-views.service.js';
import { createPastesService } from './modules/pastes/pastes.service.js';
import { createRateLimitService } from './modules/rate-limits/rate-limits.service.js';
import { createSettingsService } from './modules/settings/settings.service.js';
import { createStorageConfigsService } from './modules/storage-configs/storage-configs.service.js';
import { createSystemService } from './modules/system/system.service.js';
import { createCacheRegistry } from './lib/cache/cache-registry.js';
import { createBackupService } from './modules/backup/backup.service.js';
import { createCacheService } from './modules/cache/cache.service.js';
import { createDashboardService } from './modules/dashboard/dashboard.service.js';
import { createFilePorts, createFileServices } from './modules/files/files.module.js';
import { createUrlUploadServices } from './modules/url-upload/url-upload.module.js';
import { createMountPorts, createMountServices } from './modules/mounts/mounts.module.js';
import { createTasksService, type TaskEngineOptions } from './modules/tasks/tasks.module.js';
import { createFsServices } from './modules/fs/fs.module.js';
import { createFsCopyServices } from './modules/fs-copy/fs-copy.module.js';
import { createFsShareServices } from './modules/fs-share/fs-share.module.js';
import { createFsSearch } from './modules/fs-search/fs-search.module.js';
import { createFsArchiveServices } from './modules/fs-archive/fs-archive.module.js';
import { createFsUploadServices } from './modules/fs-upload/fs-upload.module.js';
import { createWebdavServices } from './modules/webdav/webdav.module.js';
import type { SsrfPolicy } from './lib/net/ssrf.js';
import { createViewTally } from './db/view-limits.js';
import type { InvalidationBus } from './lib/cache/invalidation-bus.js';

export interface ServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  logger: Logger;
  crypto: AppCrypto;
  stores: StoreFactory;
  /** Name resolution and trusted names of the URL-upload SSRF guard (URL_FETCH_TRUSTED_HOSTS, tests). */
  urlPolicy?: SsrfPolicy | undefined;
  /** Worker timings of the task engine; only tests change them. */
  taskOptions?: Partial<TaskEngineOptions> | undefined;
  /** Cache clears to and from the other instances on the database (PostgreSQL); none by default. */
  bus?: InvalidationBus | undefined;
}

/** Builds every module's service over the shared dependencies. */
export function createServices(deps: ServiceDeps) {
  const rateLimits = createRateLimitService(deps);
  // The files module's ports: bytes and shares per storage config, and the dashboard's file figures.
  const filePorts = createFilePorts(deps);
  // The mounts module's usage port: a mounted config is not deleted either.
  const mountPorts = createMountPorts(deps);
  const storageConfigs = createStorageConfigsService({
    ...deps,
    usage: filePorts.storageUsage,
    mountUsage: mountPorts.usage,
  });
  // Mount points, and the vfs resolving virtual paths over the active ones.
  const { mounts, vfs } = createMountServices({ ...deps, storageConfigs });
  // Server-side tasks; main.ts starts its worker. Modules register their task types' handlers on it.
  const tasks = createTasksService(deps);
  // Search of the mounts over an index in the database; `searchIndex` listens to the vfs's write notices.
  const { search, searchIndex } = createFsSearch({
    ...deps,
    vfs,
    mounts,
    tasks,
    storeFor: (configId) => storageConfigs.storeFor(configId),
  });
  // In-process caches register here, for the admin panel's cache stats and clear.
  const caches = createCacheRegistry(deps.bus);
  const settings = createSettingsService({ ...deps, caches });
  const fileServices = createFileServices({ ...deps, ports: filePorts, rateLimits, settings, storageConfigs });
  // The mount explorer (`/api/fs` reads and simple writes, `/api/p`); its `mountWrites` is where every
  // write through the vfs reports (the listing cache of every instance and the search index listen).
  const fs = createFsServices({
    ...deps,
    mac: deps.crypto.mac,
    vfs,
    settings,
    storageConfigs,
    tasks,
    caches,
    writeListeners: [searchIndex],
  });
  const mountWrites = fs.mountWrites;
  const storeFor = async (configId: string) => (await storageConfigs.storeFor(configId)).store;
  // Views of unlimited pastes, written in batches (db/view-limits.ts); both paste services share it.
  const pasteTally = createViewTally({ db: deps.db, table: 'pastes', logger: deps.logger });
  return {
    rateLimits,
    caches,
    auth: createAuthService({ ...deps, rateLimits }),
    apiKeys: createApiKeysService({ ...deps, rateLimits }),
    settings,
    system: createSystemService(deps),
    pastes: createPastesService({ ...deps, tally: pasteTally }),
    pasteViews: createPasteViewsService({ ...deps, rateLimits, tally: pasteTally }),
    /** Writes counts held in memory (views of unlimited shares); called before the database closes. */
    flushViews: () => pasteTally.flush(),
    storageConfigs,
    mounts,
    vfs,
    dashboard: createDashboardService({ ...deps, files: filePorts.stats }),
    // A key clears the caches of the mounts it may see (the mounts service is the visibility port).
    cache: createCacheService({ caches, clock: deps.clock, mounts }),
    backup: createBackupService({ ...deps, caches }),
    tasks,
    ...fs,
    search,
    searchIndex,
    // Copies in the mount tree: the `copy` task's handler and batch-copy.
    ...createFsCopyServices({ vfs, tasks, storeFor, mountWrites, logger: deps.logger }),
    // The file basket's ZIP download.
    ...createFsArchiveServices({ ...deps, vfs, storageConfigs, tasks, mac: deps.crypto.mac }),
    // Browser uploads into mounts: presign + commit, resumable multipart, and their cleanup.
    ...createFsUploadServices({ ...deps, vfs, storageConfigs, mountWrites }),
    // WebDAV at /dav: the second adapter over the vfs, its folder copies and deletes by the task handlers.
    ...createWebdavServices({ ...deps, vfs, storageConfigs, settings, ...fs, mountWrites }),
    ...fileServices,
    // File shares of mount objects (`/api/fs/create-share`), made by the files module's share rules.
    ...createFsShareServices({ vfs, storageConfigs, fileMountShares: fileServices.fileMountShares }),
    ...createUrlUploadServices({ ...deps, settings, ...fileServices }),
    localStorage: createLocalStorageService({
      mac: deps.crypto.mac,
      clock: deps.clock,
      guard: filePorts.accessGuard,
      resolveStore: (id) => storageConfigs.localStore(id),
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
