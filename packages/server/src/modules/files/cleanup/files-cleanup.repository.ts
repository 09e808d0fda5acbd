import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { deadCondition } from '../../../db/view-limits.js';
import type { FileRow } from '../files.repository.js';
import { normalize } from '../files.rows.js';

/** The files repository's queries for the cleanup job: abandoned uploads, dead shares, object purges. */
export function fileCleanupQueries(db: Kysely<Database>) {
  return {
    /**
     * Abandoned uploads, oldest first: pending rows without activity since `idleBefore`, or started
     * before `startedBefore` whatever their activity (asking for its parts cannot keep one forever).
     */
    async findPendingBefore(idleBefore: string, startedBefore: string, limit: number): Promise<FileRow[]> {
      const rows = await db
        .selectFrom('files')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('updated_at', '<', idleBefore), eb('created_at', '<', startedBefore)]))
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map(normalize);
    },

    /** Deletes an object again after `after` (a later date wins over one already set). */
    async schedulePurge(configId: string, storagePath: string, after: string): Promise<void> {
      await db
        .insertInto('object_purges')
        .values({ storage_config_id: configId, storage_path: storagePath, purge_after: after })
        .onConflict((oc) =>
          oc
            .columns(['storage_config_id', 'storage_path'])
            .doUpdateSet({ purge_after: (eb) => eb.ref('excluded.purge_after') })
            .where((eb) => eb('excluded.purge_after', '>', eb.ref('object_purges.purge_after'))),
        )
        .execute();
    },

    /** Purges due by `now`, oldest first. */
    async duePurges(now: string, limit: number): Promise<{ storage_config_id: string; storage_path: string }[]> {
      return db
        .selectFrom('object_purges')
        .select(['storage_config_id', 'storage_path'])
        .where('purge_after', '<=', now)
        .orderBy('purge_after')
        .limit(limit)
        .execute();
    },

    async deletePurge(configId: string, storagePath: string): Promise<void> {
      await db
        .deleteFrom('object_purges')
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .execute();
    },

    /**
     * Active shares to purge: expired by `now`, or used up with no view since `viewedBefore` (the last
     * viewer's access token must have run out first).
     */
    async findDead(now: string, viewedBefore: string, limit: number): Promise<FileRow[]> {
      const rows = await db
        .selectFrom('files')
        .selectAll()
        .where('status', '=', 'active')
        .where(deadCondition(now))
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb('last_viewed_at', 'is', null),
            eb('last_viewed_at', '<', viewedBefore),
          ]),
        )
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(normalize);
    },
  };
}
