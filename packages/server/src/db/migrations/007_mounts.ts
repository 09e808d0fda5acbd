import type { Kysely, Migration } from 'kysely';

/**
 * Mount points (spec §3 "Mount point"), with the original's column names (notes §2.7) so its backups map
 * one to one. `mount_path` is unique (a constraint, not only an application check as in the original);
 * there is no foreign key to `storage_configs`: deleting a config a mount uses is refused by its service
 * (409), as for file shares. `created_by` is the admin's id (`system` for mounts the server makes itself).
 * `sign_expires` null means the global `proxy_sign_expires`; 0 is an explicit "never".
 */
export const mounts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('storage_mounts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('storage_type', 'text', (c) => c.notNull())
      .addColumn('storage_config_id', 'text', (c) => c.notNull())
      .addColumn('mount_path', 'text', (c) => c.notNull().unique())
      .addColumn('remark', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cache_ttl', 'integer', (c) => c.notNull().defaultTo(300))
      .addColumn('web_proxy', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('webdav_policy', 'text', (c) => c.notNull().defaultTo('302_redirect'))
      .addColumn('enable_sign', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sign_expires', 'integer')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('last_used', 'text')
      .execute();
    // "Is this config still mounted?" before deleting it.
    await db.schema.createIndex('storage_mounts_config_idx').on('storage_mounts').column('storage_config_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('storage_mounts').execute();
  },
};
