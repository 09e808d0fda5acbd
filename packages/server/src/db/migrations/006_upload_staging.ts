import type { Kysely, Migration } from 'kysely';

/**
 * `files.staging_path`: the key a presigned single-PUT upload writes to until its commit checks the
 * object and moves it to `storage_path`. The upload URL stays valid until it expires, so it must never
 * name the published object: a PUT with it after the commit would replace the share's bytes. Null for
 * uploads whose bytes go to `storage_path` through the server, and for multipart uploads (their part
 * URLs die with the upload id at complete).
 */
export const uploadStaging: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('files').addColumn('staging_path', 'text').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('files').dropColumn('staging_path').execute();
  },
};
