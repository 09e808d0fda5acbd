import { StorageError } from './errors.js';
import type { ObjectStore } from './object-store.js';

/**
 * The store of one named config: a backend failure (storage unreachable, timed out) carries the
 * config's name, so the 503 a client gets says which storage is down (`storageToAppError`).
 */
export function withStorageName(store: ObjectStore, name: string): ObjectStore {
  const mark = (err: unknown): never => {
    if (err instanceof StorageError && err.code === 'BACKEND' && err.storageName === undefined) err.storageName = name;
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
          return mark(err);
        }
        return result instanceof Promise ? result.catch(mark) : result;
      };
    },
  });
}
