import type { Kysely, Migration } from 'kysely';

/**
 * Accounts, sessions, API keys, rate-limit counters and settings. Plain column types that mean the
 * same in SQLite and PostgreSQL: text ids and timestamps, integer flags and bit masks.
 */
export const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('admins')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('admin_sessions')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('admin_id', 'text', (c) => c.notNull().references('admins.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('admin_sessions_admin_id_idx').on('admin_sessions').column('admin_id').execute();
    await db.schema.createIndex('admin_sessions_expires_at_idx').on('admin_sessions').column('expires_at').execute();

    await db.schema
      .createTable('api_keys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('key_encrypted', 'text', (c) => c.notNull())
      .addColumn('key_prefix', 'text', (c) => c.notNull())
      .addColumn('permissions', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('GENERAL'))
      .addColumn('basic_path', 'text', (c) => c.notNull().defaultTo('/'))
      .addColumn('is_guest', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addColumn('last_used', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('api_keys_created_at_idx').on('api_keys').column('created_at').execute();

    await db.schema
      .createTable('rate_limits')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('reset_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_reset_at_idx').on('rate_limits').column('reset_at').execute();

    await db.schema
      .createTable('settings')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['settings', 'rate_limits', 'api_keys', 'admin_sessions', 'admins']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
