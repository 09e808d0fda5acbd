import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { createVfs } from '../../vfs/vfs.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import type { MountUsagePort } from '../storage-configs/storage-configs.usage.js';
import { mountsRepository } from './mounts.repository.js';
import { createMountsService } from './mounts.service.js';

// The module's one entrance: what services.ts and app.ts build and mount, and what other modules name.
export { mountsRoutes } from './mounts.routes.js';
export type { MountsService } from './mounts.service.js';

/**
 * The port storage-configs needs before the mounts service can exist (the service needs storage-configs):
 * how many mounts sit on a config, so a mounted config is not deleted.
 */
export function createMountPorts(deps: { db: Kysely<Database> }): { usage: MountUsagePort } {
  const repo = mountsRepository(deps.db);
  return { usage: { countMounts: (configId) => repo.countByConfig(configId) } };
}

/** The mounts service, and the vfs resolving paths over its active mounts. */
export function createMountServices(deps: {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  storageConfigs: StorageConfigsService;
}) {
  const mounts = createMountsService(deps);
  return { mounts, vfs: createVfs({ mounts }) };
}
