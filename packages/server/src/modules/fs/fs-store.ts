import { AppError, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { STAGING_NAME } from '../../vfs/staging.js';
import type { Resolved } from '../../vfs/vfs.js';
import type { MountLocation } from '../../vfs/mount-table.js';
import type { StorageConfig, StorageConfigsService } from '../storage-configs/storage-configs.service.js';

/**
 * Where a mount's objects are: a mount maps its path to the ROOT of its config's store (docs
 * ARCHITECTURE "Mounts and the vfs"), so an object's key is the vfs key as it is — the config's
 * `default_folder` is where file shares go, and shows up in a mount as an ordinary folder.
 */
export interface FsTarget {
  location: MountLocation;
  config: StorageConfig;
  store: ObjectStore;
  /** The object key ('' for the mount's root). */
  key: string;
}

export { STAGING_NAME } from '../../vfs/staging.js';
/** The empty object that keeps a folder made by mkdir (storage keys cannot end with `/`); never shown. */
export const FOLDER_MARKER = '.driftbox-folder';
const HIDDEN = new Set([STAGING_NAME, FOLDER_MARKER]);

/** True for a name a mount listing never shows. */
export function isHiddenName(name: string): boolean {
  return HIDDEN.has(name);
}

/** The listing prefix of a folder key. */
export function folderPrefix(key: string): string {
  return key === '' ? '' : key + '/';
}

/** The last segment of a key or path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** Opens the store behind mount locations; hidden names are 404, as if they were not there. */
export function fsStores(storageConfigs: StorageConfigsService) {
  return {
    /** 404 for a key through a hidden name, as if it were not there. */
    assertShown(key: string): void {
      if (key.split('/').some(isHiddenName)) throw notFound('path');
    },

    async open(location: MountLocation): Promise<FsTarget> {
      if (location.key.split('/').some(isHiddenName)) throw notFound('path');
      const { config, store } = await storageConfigs.storeFor(location.mount.storageConfigId);
      return { location, config, store, key: location.key };
    },

    /** The mount location of a resolved path, or 400: a virtual folder holds no objects. */
    mountOf(resolved: Resolved): MountLocation {
      if (resolved.kind !== 'mount') throw new AppError('BAD_REQUEST', { text: msg('fsfiles.virtualFolder') });
      return resolved;
    },
  };
}
export type FsStores = ReturnType<typeof fsStores>;
