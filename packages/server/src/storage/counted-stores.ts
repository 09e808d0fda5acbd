import { StorageError } from './errors.js';
import { onStoreErrors } from './store-errors.js';
import type { StoreFactory } from './stores.js';

/** Calls `onError(type, code)` for every storage operation of the factory's stores that fails with a StorageError. */
export function countStorageErrors(
  factory: StoreFactory,
  onError: (storageType: string, code: string) => void,
): StoreFactory {
  return {
    ...factory,
    open(spec) {
      const store = factory.open(spec);
      const count = (err: unknown): never => {
        if (err instanceof StorageError) onError(spec.type, err.code);
        throw err;
      };
      return onStoreErrors(store, count);
    },
  };
}
