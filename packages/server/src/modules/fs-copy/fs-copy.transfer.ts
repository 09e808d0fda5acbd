import { addAbortSignal } from 'node:stream';
import { AppError, notFoundText } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { isStorageError } from '../../storage/errors.js';
import { isStagingKey } from '../../vfs/staging.js';
import type { ObjectInfo, ObjectStore } from '../../storage/object-store.js';

/** The folder presigned uploads stage in (in a config's default folder): never listed, searched or copied. */

/** One end of a copy: an object key in the store of a storage config. */
export interface Endpoint {
  configId: string;
  store: ObjectStore;
  key: string;
}

/** What a copy of one object did. */
export type CopyOutcome = 'copied' | 'skipped';

/** True when the object exists; false on NOT_FOUND; other failures throw. */
export async function exists(store: ObjectStore, key: string): Promise<boolean> {
  try {
    await store.head(key);
    return true;
  } catch (err) {
    if (isStorageError(err, 'NOT_FOUND')) return false;
    throw err;
  }
}

/**
 * Whether `key` is a file, a folder (objects below `key/`), or nothing. The store's root (`''`) is a
 * folder. One head, and one single-key listing when it is not a file.
 */
export async function kindOf(store: ObjectStore, key: string): Promise<'file' | 'folder' | null> {
  if (key === '') return 'folder';
  if (await exists(store, key)) return 'file';
  const page = await store.list({ prefix: key + '/', limit: 1 });
  return page.objects.length > 0 || page.prefixes.length > 0 ? 'folder' : null;
}

/** Objects a folder copy takes: not folder markers (`dir/`), nothing in a staging folder. */
export function isCopied(object: ObjectInfo): boolean {
  return !object.key.endsWith('/') && !isStagingKey(object.key);
}

/**
 * Copies one object. Inside one storage config the store copies it itself; across configs (LOCAL ↔ S3,
 * two S3 configs) the source's stream is piped into the target's `put` with its length, so memory stays
 * flat; `put` is atomic on both drivers, so an aborted copy (`signal`) leaves nothing at the target.
 * With `skipExisting`, an object already at the target is left alone; otherwise it is replaced.
 */
export async function copyObject(
  from: Endpoint,
  to: Endpoint,
  options: { skipExisting: boolean; signal: AbortSignal },
): Promise<CopyOutcome> {
  const { signal } = options;
  signal.throwIfAborted();
  if (options.skipExisting && (await exists(to.store, to.key))) return 'skipped';
  if (from.configId === to.configId) {
    await to.store.copy(from.key, to.key);
    return 'copied';
  }
  const source = await from.store.get(from.key);
  try {
    const body = addAbortSignal(signal, source.body);
    await to.store.put(to.key, body, {
      contentLength: source.size,
      ...(source.contentType ? { contentType: source.contentType } : {}),
    });
  } finally {
    source.body.destroy();
  }
  return 'copied';
}

/** Why an item failed, as a task's failed item says it. */
export function reasonOf(err: unknown): Text {
  if (err instanceof AppError && err.text) return err.text;
  if (err instanceof AppError) return msg('fsCopy.storageFailed', { code: err.code });
  if (isStorageError(err, 'NOT_FOUND')) return notFoundText('path');
  if (isStorageError(err, 'ACCESS_DENIED')) return msg('fsCopy.accessDenied');
  if (isStorageError(err)) return msg('fsCopy.storageFailed', { code: err.code });
  return msg('fsCopy.storageFailed', { code: 'UNKNOWN' });
}
