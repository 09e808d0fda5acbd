import { sql, type Kysely, type Migration } from 'kysely';

/** Id of the LOCAL config every install starts with; its objects live in DATA_DIR/storage/local. */
export const DEFAULT_LOCAL_CONFIG_ID = 'local';

/**
 * Storage configs (spec §3 "Storage (S3) config"). Credentials are stored only as AES-256-GCM
 * ciphertexts (the original kept them reversible without any key). A LOCAL config is seeded as the
 * default so uploads work on a fresh install with no cloud account (ARCHITECTURE §2); a partial unique
 * index guarantees at most one default, even under concurrent "set default" calls.
 */
export const storage: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('storage_configs')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('storage_type', 'text', (c) => c.notNull())
      .addColumn('provider_type', 'text', (c) => c.notNull())
      .addColumn('endpoint_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('bucket_name', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('region', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('access_key_id_enc', 'text')
      .addColumn('secret_access_key_enc', 'text')
      .addColumn('path_style', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('default_folder', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('custom_host', 'text')
      .addColumn('signature_expires_in', 'integer', (c) => c.notNull().defaultTo(3600))
      // bigint: capacities beyond 2 GiB. PostgreSQL returns int8 as a string; the repository converts.
      .addColumn('total_storage_bytes', 'bigint')
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('last_used', 'text')
      .execute();
    await db.schema
      .createIndex('storage_configs_one_default')
      .on('storage_configs')
      .column('is_default')
      .unique()
      .where(sql<boolean>`is_default = 1`)
      .execute();

    const now = new Date().toISOString();
    await sql`
      INSERT INTO storage_configs (id, name, storage_type, provider_type, is_public, is_default, created_at, updated_at)
      VALUES (${DEFAULT_LOCAL_CONFIG_ID}, ${'Local storage'}, ${'LOCAL'}, ${'Local'}, ${1}, ${1}, ${now}, ${now})
    `.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('storage_configs').execute();
  },
};
