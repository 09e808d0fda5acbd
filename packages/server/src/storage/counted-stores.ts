import { StorageError } from './errors.js';
import type { ObjectStore } from './object-store.js';
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
      return new Proxy(store, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            let result: unknown;
            try {
              result = (value as (...a: unknown[]) => unknown).apply(target, args);
            } catch (err) {
              return count(err);
            }
            return result instanceof Promise ? result.catch(count) : result;
          };
        },
      }) as ObjectStore;
    },
  };
}
