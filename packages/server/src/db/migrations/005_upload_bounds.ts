import type { Kysely, Migration } from 'kysely';

/**
 * Bounds on what an upload URL can still do once it has been handed out (presigned URLs cannot be
 * revoked before they expire).
 *
 * `files.part_size`: the part size a resumable upload was planned with, so URLs issued later (refresh)
 * are signed for each part's exact length and only for the planned part numbers.
 *
 * `object_purges`: objects to delete again once every upload URL issued for them has expired. A share
 * deleted (or an upload discarded) while its presigned PUT URL is still valid could otherwise get its
 * object written back by that URL, as an object no share points at and no quota counts.
 */
export const uploadBounds: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('files').addColumn('part_size', 'bigint').execute();
    await db.schema
      .createTable('object_purges')
      .addColumn('storage_config_id', 'text', (c) => c.notNull())
      .addColumn('storage_path', 'text', (c) => c.notNull())
      .addColumn('purge_after', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('object_purges_pk', ['storage_config_id', 'storage_path'])
      .execute();
    await db.schema.createIndex('object_purges_after_idx').on('object_purges').column('purge_after').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('object_purges').execute();
    await db.schema.alterTable('files').dropColumn('part_size').execute();
  },
};
