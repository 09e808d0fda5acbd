import type { Kysely, Migration } from 'kysely';

/**
 * The listing version of each mount: every write through the vfs adds one to its mount's row, and the
 * listing cache of every instance sharing the database keys its entries by the version it read, so a
 * write on one instance is seen by a listing on any other at once (issue 26). A small table of its own
 * (not a column of `storage_mounts`): a version is no part of a mount's definition, backups skip it,
 * and a missing row reads as version 0. One row per mount that was ever written to.
 */
export const fsListing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fs_listing_versions')
      .addColumn('mount_id', 'text', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull().defaultTo(0))
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('fs_listing_versions').execute();
  },
};
