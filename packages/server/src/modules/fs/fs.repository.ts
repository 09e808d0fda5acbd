import { sql, type Kysely } from 'kysely';
import { prepared, type Param } from '../../db/prepared.js';
import type { Database } from '../../db/schema.js';

/** The listing versions of mounts (migration 009): read once per cached listing, bumped by every write. */
export function fsRepository(db: Kysely<Database>) {
  // Read by every cached listing: built and compiled once (db/prepared.ts).
  const version = prepared(db, (p: Param<'mountId'>) =>
    db.selectFrom('fs_listing_versions').select('version').where('mount_id', '=', p('mountId')),
  );
  return {
    /** The mount's version; 0 until its first write. One primary-key lookup. */
    async versionOf(mountId: string): Promise<number> {
      const [row] = await version({ mountId });
      return row ? Number(row.version) : 0;
    },

    /** Adds one to the mount's version in one statement (both dialects), creating its row at 1. */
    async bump(mountId: string): Promise<void> {
      await db
        .insertInto('fs_listing_versions')
        .values({ mount_id: mountId, version: 1 })
        .onConflict((oc) => oc.column('mount_id').doUpdateSet({ version: sql`fs_listing_versions.version + 1` }))
        .execute();
    },
  };
}
export type FsRepository = ReturnType<typeof fsRepository>;
