import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import type { Logger } from '../../lib/logger.js';
import type { MountWrites } from '../../vfs/mount-writes.js';
import type { Vfs } from '../../vfs/vfs.js';
import { fsStores } from '../fs/fs.module.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { createFsMultipartService } from './fs-multipart.service.js';
import { createFsPresignService } from './fs-presign.service.js';
import { fsUploadsRepository } from './fs-upload.repository.js';
import { fsUploadSweep } from './fs-upload.sweep.js';
import { uploadTargets } from './fs-upload.target.js';

// The module's one entrance: browser uploads into mounts (presign + commit, resumable multipart).
export { fsUploadRoutes } from './fs-upload.routes.js';
export type { FsPresignService } from './fs-presign.service.js';
export type { FsMultipartService } from './fs-multipart.service.js';

export interface FsUploadDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  logger: Logger;
  vfs: Vfs;
  storageConfigs: StorageConfigsService;
  /** Where commits and completes report the paths they changed (listing caches, search index). */
  mountWrites: MountWrites;
}

/** The presign and multipart services, and the cleanup job's sweep of abandoned uploads (`fsUploadCleanup`). */
export function createFsUploadServices(deps: FsUploadDeps) {
  const repo = fsUploadsRepository(deps.db);
  const targets = uploadTargets({ vfs: deps.vfs, stores: fsStores(deps.storageConfigs), repo });
  const common = { repo, targets, writes: deps.mountWrites, clock: deps.clock, ids: deps.ids };
  return {
    fsPresign: createFsPresignService(common),
    fsMultipart: createFsMultipartService(common),
    fsUploadCleanup: fsUploadSweep({
      repo,
      clock: deps.clock,
      logger: deps.logger,
      storeFor: async (id) => (await deps.storageConfigs.storeFor(id)).store,
    }),
  };
}
