import { sql, type Kysely, type Migration } from 'kysely';

/**
 * File shares and server-side URL fetches.
 *
 * `files`: one row per share. `status` is `pending` from the moment an upload is prepared (presigned,
 * multipart, streamed) until the server has checked the stored object, and every read filters on
 * `active`, so a share is never visible half-uploaded; the cleanup job removes pending rows that were
 * abandoned. `password_hash` is scrypt (never the password; the original kept plaintext copies) and
 * `password_version` invalidates access tokens on change. `last_viewed_at` lets the sweep keep a used-up
 * share until the last viewer's access token has run out. `size` is bigint (files beyond 2 GiB).
 * There is no foreign key to `storage_configs`: deleting a config in use is refused by its service
 * (409 through the usage port) rather than by a constraint error.
 *
 * `upload_jobs`: progress of server-side URL fetches (`POST /api/url/fetch`), polled by the browser, so
 * any instance can answer and a cancel from any instance is seen by the one streaming.
 */
export const files: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('files')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('storage_config_id', 'text', (c) => c.notNull())
      .addColumn('storage_path', 'text', (c) => c.notNull())
      .addColumn('file_path', 'text')
      .addColumn('mimetype', 'text', (c) => c.notNull())
      .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('etag', 'text')
      .addColumn('remark', 'text')
      .addColumn('password_hash', 'text')
      .addColumn('password_version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text')
      .addColumn('max_views', 'integer', (c) => c.defaultTo(0))
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_viewed_at', 'text')
      .addColumn('use_proxy', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
      .addColumn('upload_id', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addCheckConstraint('files_status_check', sql`status in ('pending', 'active')`)
      .execute();
    await db.schema.createIndex('files_created_at_idx').on('files').column('created_at').execute();
    await db.schema.createIndex('files_created_by_idx').on('files').column('created_by').execute();
    await db.schema.createIndex('files_expires_at_idx').on('files').column('expires_at').execute();
    await db.schema.createIndex('files_status_created_idx').on('files').columns(['status', 'created_at']).execute();
    // Usage per config, and "does another share still point at this object?" before deleting it.
    await db.schema
      .createIndex('files_storage_idx')
      .on('files')
      .columns(['storage_config_id', 'storage_path'])
      .execute();

    await db.schema
      .createTable('upload_jobs')
      .addColumn('file_id', 'text', (c) => c.primaryKey())
      .addColumn('source_url', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_total', 'bigint')
      .addColumn('bytes_fetched', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('bytes_stored', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('upload_jobs_updated_at_idx').on('upload_jobs').column('updated_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('upload_jobs').execute();
    await db.schema.dropTable('files').execute();
  },
};
