import { isStorageError } from '../../storage/errors.js';
import { storageToAppError } from '../../storage/http-errors.js';
import type { ObjectInfo, ObjectStore } from '../../storage/object-store.js';
import { isStagingKey } from '../../vfs/staging.js';
import { folderPrefix } from './fs-store.js';

/** Keys of pending presigned uploads: a folder operation leaves them where their upload will look. */
export const isStaging = isStagingKey;

/**
 * Every object below a folder key, one listing page (≤ 1000 keys) at a time, no delimiter: a folder of
 * any size is walked without holding more than a page (issue 26: "without loading the tree"). `onPage`
 * may delete or move the page's keys: the next page starts after the last key seen, which S3 and LOCAL
 * both accept for a key that is gone. Returns how many objects were handed over.
 */
export async function forEachPageBelow(
  store: ObjectStore,
  folderKey: string,
  onPage: (objects: ObjectInfo[]) => Promise<void>,
): Promise<number> {
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await store.list({ prefix: folderPrefix(folderKey), cursor }).catch((err: unknown) => {
      throw storageToAppError(err);
    });
    const objects = page.objects.filter((o) => !isStaging(o.key));
    if (objects.length > 0) await onPage(objects);
    count += objects.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return count;
}

/** True when anything is stored below the folder key (one one-key listing). */
export async function folderExists(store: ObjectStore, folderKey: string): Promise<boolean> {
  const page = await store.list({ prefix: folderPrefix(folderKey), limit: 1 }).catch((err: unknown) => {
    throw storageToAppError(err);
  });
  return page.objects.length > 0 || page.prefixes.length > 0;
}

/** The object at `key`, or null when there is none. */
export async function headOrNull(store: ObjectStore, key: string): Promise<ObjectInfo | null> {
  return store.head(key).catch((err: unknown) => {
    if (isStorageError(err, 'NOT_FOUND')) return null;
    throw storageToAppError(err);
  });
}
