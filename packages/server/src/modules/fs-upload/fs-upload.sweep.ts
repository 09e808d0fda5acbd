import { PENDING_UPLOAD_IDLE_MS } from '@driftbox/contract';
import { addMs, iso, type Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { isStorageError } from '../../storage/errors.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { FsUploadsRepository } from './fs-upload.repository.js';

/** A multipart upload still pending this long after it started is abandoned, however active (as share uploads). */
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const BATCH = 200;

/**
 * The upload-cleanup job's pass over `fs_uploads`: pending uploads idle for longer than their URLs live
 * plus a transfer's grace (staging object deleted, multipart aborted), and committed presigns whose URL
 * has expired (whatever a late PUT staged is deleted). Returns how many rows went.
 */
export function fsUploadSweep(deps: {
  repo: FsUploadsRepository;
  clock: Clock;
  logger: Logger;
  storeFor(configId: string): Promise<ObjectStore>;
}) {
  return {
    async sweep(): Promise<number> {
      const now = deps.clock.now();
      const rows = await deps.repo.findSweepable(
        iso(now),
        iso(addMs(now, -PENDING_UPLOAD_IDLE_MS)),
        iso(addMs(now, -MAX_AGE_MS)),
        BATCH,
      );
      let removed = 0;
      for (const row of rows) {
        try {
          const store = await deps.storeFor(row.storage_config_id);
          if (row.staging_key !== null) await store.delete([row.staging_key]);
          if (row.upload_id !== null && row.status === 'pending')
            await store.abortMultipart(row.object_key, row.upload_id);
          await deps.repo.delete(row.id);
          removed += 1;
        } catch (err) {
          // A config deleted since has nothing left to clean; anything else is retried on the next pass.
          if (isStorageError(err, 'NOT_FOUND') || (err as { code?: string }).code === 'NOT_FOUND') {
            await deps.repo.delete(row.id);
          } else deps.logger.warn('Could not clean up an abandoned mount upload', { id: row.id, error: String(err) });
        }
      }
      return removed;
    },
  };
}
