import { FILE_ACCESS_TOKEN_TTL_MS, PENDING_UPLOAD_TTL_MS } from '@driftbox/contract';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { isStorageError } from '../../storage/errors.js';
import type { FileRow, FilesRepository } from './files.repository.js';
import type { ShareWriter } from './files.shares.js';
import type { FileStorage } from './files.storage.js';

export interface FileCleanupDeps {
  repo: FilesRepository;
  storage: FileStorage;
  shares: ShareWriter;
  clock: Clock;
  logger: Logger;
}

/** Rows handled per pass; the job runs again soon, so a backlog drains over a few passes. */
const BATCH = 200;

/**
 * Deleting shares with their objects: on request (batch delete), and in the background (abandoned
 * uploads, expired and used-up shares — the original never deleted expired files). An object is only
 * deleted when no other share points at it (the `overwrite` naming strategy can make two share one),
 * and a storage failure keeps the row, so nothing becomes unreachable yet undeletable.
 */
export function createFileCleanup(deps: FileCleanupDeps) {
  const { repo, storage, shares, clock, logger } = deps;

  /** Deletes one share (and its object when `deleteObject`); returns an error message or null. */
  async function remove(row: FileRow, deleteObject: boolean): Promise<string | null> {
    if (deleteObject && !(await repo.objectShared(row.storage_config_id, row.storage_path, row.id))) {
      try {
        const { store } = await storage.storeOf(row.storage_config_id);
        await store.delete([row.storage_path]);
      } catch (err) {
        if (!isStorageError(err, 'NOT_FOUND')) {
          logger.warn('Could not delete the object of a file share', { id: row.id, error: String(err) });
          return 'storage delete failed';
        }
      }
    }
    await repo.delete(row.id);
    return null;
  }

  return {
    remove,

    /** Uploads pending with no activity for PENDING_UPLOAD_TTL_MS: parts, objects and rows. Returns how many. */
    async purgeAbandoned(): Promise<number> {
      const rows = await repo.findPendingBefore(iso(addMs(clock.now(), -PENDING_UPLOAD_TTL_MS)), BATCH);
      for (const row of rows) {
        try {
          await shares.discard(row, (await storage.storeOf(row.storage_config_id)).store);
        } catch (err) {
          logger.warn('Could not clean up an abandoned upload', { id: row.id, error: String(err) });
        }
      }
      return rows.length;
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
