import type { ObjectStore } from '../../storage/object-store.js';
import { STAGING_NAME } from '../../vfs/staging.js';
import type { VfsMount } from '../../vfs/vfs-types.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';

/** A mount's storage as the archive reads it. */
export interface MountStore {
  store: ObjectStore;
  /** The storage prefix (ending in `/`) that is not part of the tree: the staging folder. */
  hiddenPrefix: string;
}

/**
 * How the archive reaches a mount's storage: one small function, so it can later be the fs module's
 * own store access (the fs routes need the same thing) without changing the walk.
 */
export type MountStoreAccess = (mount: VfsMount) => Promise<MountStore>;

/** Store access through the storage-configs service (the store of the mount's config, cached there). */
export function mountStoreAccess(storageConfigs: Pick<StorageConfigsService, 'storeFor'>): MountStoreAccess {
  return async (mount) => {
    const { config, store } = await storageConfigs.storeFor(mount.storageConfigId);
    const hiddenPrefix = [config.default_folder, STAGING_NAME].filter((p) => p).join('/') + '/';
    return { store, hiddenPrefix };
  };
}

/** Store access memoised per mount for the life of one archive. */
export function memoised(access: MountStoreAccess): MountStoreAccess {
  const opened = new Map<string, Promise<MountStore>>();
  return (mount) => {
    let found = opened.get(mount.id);
    if (!found) {
      found = access(mount);
      opened.set(mount.id, found);
    }
    return found;
  };
}
