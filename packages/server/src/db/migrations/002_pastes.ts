import type { Kysely, Migration } from 'kysely';

/**
 * Text shares. `password_hash` is scrypt (never the password); `password_version` grows on every
 * password change so access tokens issued for an old password stop working. `max_views` 0 or NULL
 * means unlimited (NULL keeps rows imported from the original valid).
 */
export const pastes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pastes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('remark', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('password_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addColumn('max_views', 'integer', (c) => c.defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('pastes_created_at_idx').on('pastes').column('created_at').execute();
    await db.schema.createIndex('pastes_created_by_idx').on('pastes').column('created_by').execute();
    await db.schema.createIndex('pastes_expires_at_idx').on('pastes').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('pastes').execute();
  },
};
