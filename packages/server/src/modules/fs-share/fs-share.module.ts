import type { Vfs } from '../../vfs/vfs.js';
import type { MountShareWriter } from '../files/files.module.js';
import { fsStores } from '../fs/fs.module.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { createFsShareService } from './fs-share.service.js';

/**
 * The module's one entrance: file shares of mount objects (`POST /api/fs/create-share`). The share
 * itself is the files module's (its rows, rules, public routes and cleanup); this module finds the object.
 */
export { fsShareRoutes } from './fs-share.routes.js';
export type { FsShareService } from './fs-share.service.js';

export function createFsShareServices(deps: {
  vfs: Vfs;
  storageConfigs: StorageConfigsService;
  fileMountShares: MountShareWriter;
}) {
  const stores = fsStores(deps.storageConfigs);
  return { fsShare: createFsShareService({ vfs: deps.vfs, stores, mountShares: deps.fileMountShares }) };
}
