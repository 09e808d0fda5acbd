import type { Kysely, Migration } from 'kysely';

/**
 * Browser uploads into mounts (`/api/fs/presign`, `/api/fs/multipart/*`, issue 26): one row per upload
 * from its start until nothing it could still write remains. `owner` is the actor that started it
 * (`admin:<id>` / `apikey:<id>`): only it continues, completes or aborts it. `staging_key`: where a
 * presigned single PUT writes until the commit moves it to `object_key` (its URL stays valid, so it must
 * never name the published object); `upload_id`: the storage's multipart upload. A committed presign
 * keeps its row until its URL expired (`expires_at`), so the cleanup job can delete what a late PUT
 * stored at the staging key; pending rows idle past `touched_at` are aborted by the same job.
 */
export const fsUploads: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('fs_uploads')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('owner', 'text', (c) => c.notNull())
      .addColumn('mount_id', 'text', (c) => c.notNull())
      .addColumn('storage_config_id', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('object_key', 'text', (c) => c.notNull())
      .addColumn('staging_key', 'text')
      .addColumn('upload_id', 'text')
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('part_size', 'bigint')
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('touched_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fs_uploads_owner_idx').on('fs_uploads').columns(['owner', 'status']).execute();
    await db.schema.createIndex('fs_uploads_touched_idx').on('fs_uploads').columns(['status', 'touched_at']).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('fs_uploads').execute();
  },
};
