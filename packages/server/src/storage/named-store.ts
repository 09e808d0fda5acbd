import { StorageError } from './errors.js';
import type { ObjectStore } from './object-store.js';
import { onStoreErrors } from './store-errors.js';

/**
 * The store of one named config: a backend failure (storage unreachable, timed out) carries the
 * config's name, so the 503 a client gets says which storage is down (`storageToAppError`).
 */
export function withStorageName(store: ObjectStore, name: string): ObjectStore {
  const mark = (err: unknown): never => {
    if (err instanceof StorageError && err.code === 'BACKEND' && err.storageName === undefined) err.storageName = name;
    throw err;
  };
  return onStoreErrors(store, mark);
}
