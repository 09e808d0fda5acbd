import { AppError } from '../../../lib/errors.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import type { Text } from '../../../lib/i18n/i18n.js';
import { isStorageError } from '../../../storage/errors.js';
import { storageToAppError } from '../../../storage/http-errors.js';
import type { ObjectInfo, ObjectStore } from '../../../storage/object-store.js';
import type { FileRow } from '../files.repository.js';
import type { ShareWriter } from '../files.shares.js';

const unquote = (etag: string) => etag.trim().replace(/^(W\/)?"|"$/g, '');

/** 400 "nothing uploaded" for a missing object; other storage failures as their HTTP meaning. */
export function nothingUploadedIfMissing(err: unknown): never {
  throw isStorageError(err, 'NOT_FOUND')
    ? new AppError('BAD_REQUEST', { text: msg('files.upload.nothingUploaded') })
    : storageToAppError(err);
}

/**
 * The commit of a presigned single PUT: the object at the upload's staging key must have the size
 * announced at presign (and the ETag the client's PUT was answered with, when it sends one), and is
 * then moved to the share's key — only that very object (`ifMatch`), so a PUT racing the commit with the
 * still-valid URL cannot slip in between check and move. Afterwards the URL can only write the staging
 * key again, which is purged once the URL has expired. A refused upload is discarded: nothing is published.
 */
export async function takeStagedObject(
  shares: ShareWriter,
  store: ObjectStore,
  row: FileRow & { staging_path: string },
  clientEtag: string | undefined,
): Promise<ObjectInfo> {
  const refuse = async (text: Text): Promise<never> => {
    await shares.discard(row, store);
    throw new AppError('BAD_REQUEST', { text });
  };
  const staged = await store.head(row.staging_path).catch(nothingUploadedIfMissing);
  if (staged.size !== row.size) await refuse(msg('files.upload.wrongSize', { size: staged.size, expected: row.size }));
  if (clientEtag !== undefined && unquote(clientEtag) !== unquote(staged.etag))
    await refuse(msg('files.upload.etagMismatch'));
  const moved = await store.move(row.staging_path, row.storage_path, { ifMatch: staged.etag }).catch(async (err) => {
    // Replaced since the check: refused. Gone since the check: a concurrent commit of the same upload
    // took it, and publishes it or discards it itself.
    if (isStorageError(err, 'CHANGED')) return refuse(msg('files.upload.changedMeanwhile'));
    return nothingUploadedIfMissing(err);
  });
  await shares.purgeLater({ ...row, storage_path: row.staging_path });
  return moved;
}

/**
 * Runs one task per key at a time: a commit of an upload waits for another commit of the same upload
 * to end, and then finds it published (404) or discarded, never its object half moved.
 */
export function oneAtATime() {
  const running = new Map<string, Promise<unknown>>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    for (let other = running.get(key); other; other = running.get(key)) await other.catch(() => undefined);
    const run = task();
    running.set(key, run);
    try {
      return await run;
    } finally {
      if (running.get(key) === run) running.delete(key);
    }
  };
}
