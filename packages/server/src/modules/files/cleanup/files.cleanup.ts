import { FILE_ACCESS_TOKEN_TTL_MS, PENDING_UPLOAD_IDLE_MS } from '@driftbox/contract';
import { addMs, iso, type Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/errors.js';
import { msg } from '../../../lib/i18n/catalogue.js';
import type { Text } from '../../../lib/i18n/i18n.js';
import type { Logger } from '../../../lib/logger.js';
import { isStorageError } from '../../../storage/errors.js';
import type { FileRow, FilesRepository } from '../files.repository.js';
import type { ShareWriter } from '../files.shares.js';
import type { FileStorage } from '../files.storage.js';

export interface FileCleanupDeps {
  repo: FilesRepository;
  storage: FileStorage;
  shares: ShareWriter;
  clock: Clock;
  logger: Logger;
}

/** Rows handled per pass; the job runs again soon, so a backlog drains over a few passes. */
const BATCH = 200;
/** A resumable upload still pending this long after it started is abandoned, however active. */
export const PENDING_UPLOAD_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deleting shares with their objects: on request (batch delete), and in the background (abandoned
 * uploads, expired and used-up shares — the original never deleted expired files). An object is only
 * deleted when no other share points at it (the `overwrite` naming strategy can make two share one),
 * and a storage failure keeps the row, so nothing becomes unreachable yet undeletable.
 */
export function createFileCleanup(deps: FileCleanupDeps) {
  const { repo, storage, shares, clock, logger } = deps;

  /** Deletes one share (and its object when `deleteObject`); returns why it could not, or null. */
  async function remove(row: FileRow, deleteObject: boolean): Promise<Text | null> {
    // An S3 bucket can still be reached without Driftbox; a LOCAL folder's orphan could not (and would
    // drop out of usage while filling the disk). An object another share still serves is no orphan.
    if (
      !deleteObject &&
      row.file_path === null &&
      (await storage.storeOf(row.storage_config_id)).config.storage_type === 'LOCAL' &&
      !(await repo.objectShared(row.storage_config_id, row.storage_path, row.id))
    ) {
      return msg('files.delete.recordOnlyLocal');
    }
    // A share of a mount object (file_path set) never owns it: the mount does. Only the row goes.
    const ownsObject = row.file_path === null;
    if (ownsObject && deleteObject && !(await repo.objectShared(row.storage_config_id, row.storage_path, row.id))) {
      try {
        const { store } = await storage.storeOf(row.storage_config_id);
        await shares.purgeLater(row);
        await store.delete([row.storage_path]);
      } catch (err) {
        if (!isStorageError(err, 'NOT_FOUND')) {
          logger.warn('Could not delete the object of a file share', { id: row.id, error: String(err) });
          return msg('files.delete.storageFailed');
        }
      }
    }
    await repo.delete(row.id);
    return null;
  }

  return {
    remove,

    /**
     * Uploads pending with no activity for longer than their URLs live (PENDING_UPLOAD_TTL_MS) plus the
     * time a transfer started just before may still run (IN_FLIGHT_GRACE_MS: parts go straight to
     * storage and touch nothing here), or started over PENDING_UPLOAD_MAX_AGE_MS ago: parts, objects
     * and rows. Returns how many.
     */
    async purgeAbandoned(): Promise<number> {
      const now = clock.now();
      const idleBefore = addMs(now, -PENDING_UPLOAD_IDLE_MS);
      const rows = await repo.findPendingBefore(iso(idleBefore), iso(addMs(now, -PENDING_UPLOAD_MAX_AGE_MS)), BATCH);
      for (const row of rows) {
        try {
          await shares.discard(row, (await storage.storeOf(row.storage_config_id)).store);
        } catch (err) {
          logger.warn('Could not clean up an abandoned upload', { id: row.id, error: String(err) });
        }
      }
      return rows.length;
    },

    /**
     * Objects of deleted shares whose upload URLs have all expired since (`purgeLater`): deleted again,
     * unless a share points at the key again. Returns how many were checked.
     */
    async purgeReuploads(): Promise<number> {
      const due = await repo.duePurges(iso(clock.now()), BATCH);
      for (const { storage_config_id: configId, storage_path: key } of due) {
        try {
          if (!(await repo.objectShared(configId, key, '')))
            await (await storage.storeOf(configId)).store.delete([key]);
          await repo.deletePurge(configId, key);
        } catch (err) {
          // A config deleted since has nothing left to purge; anything else is retried on the next pass.
          if (isStorageError(err, 'NOT_FOUND') || (err instanceof AppError && err.code === 'NOT_FOUND'))
            await repo.deletePurge(configId, key);
          else logger.warn('Could not purge the object of a deleted share', { key, error: String(err) });
        }
      }
      return due.length;
    },

    /**
     * What crashes left in LOCAL stores: temp files of writes cut short, untouched as long as an upload
     * may idle (PENDING_UPLOAD_IDLE_MS), and multipart uploads older than any upload may live (by then
     * purgeAbandoned has aborted every one with a record). Returns how many were removed.
     */
    async sweepLeftovers(): Promise<number> {
      const now = clock.now();
      const before = {
        temp: addMs(now, -PENDING_UPLOAD_IDLE_MS),
        uploads: addMs(now, -(PENDING_UPLOAD_MAX_AGE_MS + PENDING_UPLOAD_IDLE_MS)),
      };
      let removed = 0;
      for (const store of await storage.localStores()) {
        try {
          removed += (await store.sweepLeftovers?.(before)) ?? 0;
        } catch (err) {
          // One unreadable folder (permissions) must not keep the other stores unswept.
          logger.warn('Could not sweep the leftovers of a local store', { error: String(err) });
        }
      }
      return removed;
    },

    /** Expired shares, and used-up ones once their last viewer's token has expired. Returns how many. */
    async purgeDead(): Promise<number> {
      const now = clock.now();
      const rows = await repo.findDead(iso(now), iso(addMs(now, -FILE_ACCESS_TOKEN_TTL_MS)), BATCH);
      let purged = 0;
      for (const row of rows) if ((await remove(row, true)) === null) purged += 1;
      return purged;
    },
  };
}
export type FileCleanup = ReturnType<typeof createFileCleanup>;
/** What the management service needs to delete shares. */
export type FileRemover = Pick<FileCleanup, 'remove'>;
