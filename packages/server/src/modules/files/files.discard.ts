import { PENDING_UPLOAD_IDLE_MS } from '@driftbox/contract';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { FileRow, FilesRepository } from './files.repository.js';

/** Deleting what uploads leave: objects now and again once their URLs have expired, staged objects, rows. */
export function uploadDiscarder(deps: { repo: FilesRepository; clock: Clock; logger: Logger }) {
  const { repo, clock, logger } = deps;

  /**
   * After a share's object was deleted: a presigned PUT URL issued for it may still be valid (URLs
   * cannot be revoked), or a PUT it started may still be running (storage checks the expiry when a
   * request starts), and could write the object back. So it is deleted again once every upload URL of
   * the share has expired (they live no longer than PENDING_UPLOAD_TTL_MS) and the PUTs started with
   * them have had IN_FLIGHT_GRACE_MS to end.
   */
  async function purgeLater(row: Pick<FileRow, 'storage_config_id' | 'storage_path' | 'created_at'>): Promise<void> {
    const due = addMs(new Date(row.created_at), PENDING_UPLOAD_IDLE_MS);
    if (due > clock.now()) await repo.schedulePurge(row.storage_config_id, row.storage_path, iso(due));
  }

  /**
   * Deletes what an unfinished or refused upload left: the multipart upload, the staged object, the
   * object, then the row. An object other shares point at (the overwrite strategy) stays; if the upload
   * wrote over it, those shares now serve its bytes, and their size and ETag say so (usage counts what
   * is stored).
   */
  async function discard(row: FileRow, store: ObjectStore): Promise<void> {
    try {
      if (row.upload_id) await store.abortMultipart(row.storage_path, row.upload_id);
      if (row.staging_path) {
        // A presigned PUT's URL may outlive its upload: what it writes later is purged once it has expired.
        await purgeLater({ ...row, storage_path: row.staging_path });
        await store.delete([row.staging_path]);
      }
      if (!(await repo.objectShared(row.storage_config_id, row.storage_path, row.id))) {
        await purgeLater(row);
        await store.delete([row.storage_path]);
      } else {
        const stored = await store.head(row.storage_path);
        await repo.followObject(row, { size: stored.size, etag: stored.etag });
      }
    } catch (err) {
      // The row goes anyway: a stray object costs space, a stray pending row would block nothing but
      // would be retried by the cleanup job forever.
      if (!isStorageError(err, 'NOT_FOUND'))
        logger.warn('Could not delete the object of a discarded upload', { key: row.storage_path, error: String(err) });
    }
    await repo.delete(row.id);
  }

  return { purgeLater, discard };
}
