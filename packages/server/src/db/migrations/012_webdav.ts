import type { Kysely, Migration } from 'kysely';

/**
 * WebDAV state that must outlive a process and be shared by every instance (issue 29; the original kept
 * both in memory, notes §4.4, §7): dead properties per virtual path (PROPPATCH; moved with MOVE, copied
 * with COPY, removed with DELETE), and write locks (RFC 4918 §6, §7). `root` is the locked path; `depth`
 * '0' or 'infinity'; `scope` 'exclusive' or 'shared'; `owner_xml` the client's `<owner>` as sent (escaped
 * XML text kept verbatim for lockdiscovery); `principal` who took it (`admin:<id>` / `apikey:<id>`).
 */
export const webdav: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webdav_properties')
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('webdav_properties_pk', ['path', 'name'])
      .execute();
    await db.schema
      .createTable('webdav_locks')
      .addColumn('token', 'text', (c) => c.primaryKey())
      .addColumn('root', 'text', (c) => c.notNull())
      .addColumn('depth', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('owner_xml', 'text', (c) => c.notNull())
      .addColumn('principal', 'text', (c) => c.notNull())
      .addColumn('timeout_seconds', 'integer', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('webdav_locks_root_idx').on('webdav_locks').column('root').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webdav_locks').execute();
    await db.schema.dropTable('webdav_properties').execute();
  },
};
