import path from 'node:path';
import type { Clock } from '../lib/clock.js';
import type { Mac } from '../lib/crypto/mac.js';
import { diskSpaceOf, type DiskSpace } from './disk-space.js';
import { createLocalStore } from './local.driver.js';
import type { ObjectStore } from './object-store.js';
import type { S3StoreOptions } from './s3-client.js';
import { createS3Store } from './s3.driver.js';

/** What a driver needs to open one config's storage (credentials already decrypted). */
export type StoreSpec = { type: 'LOCAL'; configId: string } | ({ type: 'S3'; configId: string } & S3StoreOptions);

/** Opens stores for storage configs; the only place drivers are chosen (STYLE §9 `stores`). */
export interface StoreFactory {
  open(spec: StoreSpec): ObjectStore;
  /** The file system a LOCAL config writes to (its size and free space), for the dashboard; null if unknown. */
  localDiskSpace(configId: string): Promise<DiskSpace | null>;
}

export interface StoreFactoryOptions {
  /** DATA_DIR: local configs keep their objects in DATA_DIR/storage/<configId>. */
  dataDir: string;
  mac: Mac;
  clock: Clock;
}

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The real drivers: local disk under DATA_DIR and S3. */
export function createStoreFactory(options: StoreFactoryOptions): StoreFactory {
  /** DATA_DIR/storage/<configId>; config ids are generated UUIDs, checked anyway as the id becomes a folder name. */
  const localRoot = (configId: string): string => {
    if (!SAFE_ID.test(configId)) throw new Error(`Unsafe storage config id "${configId}"`);
    return path.join(path.resolve(options.dataDir), 'storage', configId);
  };
  return {
    open(spec) {
      if (spec.type === 'S3') return createS3Store(spec);
      const root = localRoot(spec.configId);
      return createLocalStore({ configId: spec.configId, root, mac: options.mac, clock: options.clock });
    },
    localDiskSpace: (configId) => diskSpaceOf(localRoot(configId)),
  };
}
