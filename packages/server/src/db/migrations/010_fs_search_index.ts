import type { Kysely, Migration } from 'kysely';

/**
 * The search index of mounts (issue 26, search): one row per object or folder of a mount, so a search
 * reads the database instead of walking a bucket. `path` is the entry's path inside its mount (`/a/b.txt`;
 * the virtual path is the mount's path before it, so moving a mount keeps its index true); `name_lower`
 * is the name lower-cased by the server (JavaScript's `toLowerCase`, the same on both dialects), matched
 * with `LIKE '%q%'` — a scan of the mount's rows, never of the bucket. `indexed_at` is when the row was
 * last written: a refresh deletes the mount's rows it did not write (older than its start).
 *
 * `fs_search_mounts` holds each mount's index state: when the last full refresh started, when a write
 * notice asked for a new one (`stale_at`), and when a refresh task was queued (one at a time).
 */
export const fsSearchIndex: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fs_search_index')
      .addColumn('mount_id', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('parent_path', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_lower', 'text', (c) => c.notNull())
      .addColumn('is_dir', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('modified', 'text')
      .addColumn('etag', 'text')
      .addColumn('indexed_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('fs_search_index_pk', ['mount_id', 'path'])
      .execute();
    // The name match within the searched mounts (prefix matches can use it; substrings scan the mount's rows).
    await db.schema
      .createIndex('fs_search_index_name_idx')
      .on('fs_search_index')
      .columns(['mount_id', 'name_lower'])
      .execute();
    // A folder's entries (write notices), and the rows a refresh did not write.
    await db.schema
      .createIndex('fs_search_index_parent_idx')
      .on('fs_search_index')
      .columns(['mount_id', 'parent_path'])
      .execute();
    await db.schema
      .createIndex('fs_search_index_indexed_idx')
      .on('fs_search_index')
      .columns(['mount_id', 'indexed_at'])
      .execute();
    await db.schema
      .createTable('fs_search_mounts')
      .addColumn('mount_id', 'text', (c) => c.primaryKey())
      .addColumn('refreshed_at', 'text')
      .addColumn('stale_at', 'text')
      .addColumn('queued_at', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('fs_search_mounts').execute();
    await db.schema.dropTable('fs_search_index').execute();
  },
};
