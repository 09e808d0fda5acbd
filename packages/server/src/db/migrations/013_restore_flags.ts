import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What the original product's backups carry and Driftbox lacked (issue 27), so a restore opens nothing up:
 *
 * - `api_keys.is_enable`: a disabled key is refused (401) like in the original; existing keys stay enabled.
 * - `pastes.is_public`: a private paste (0) is readable only by its creator and the admin; existing
 *   pastes stay public. `pastes.title`: the original's v1.x paste title (null = none).
 * - Permission bits split like the original's later model: TEXT_SHARE 1 and FILE_SHARE 2 now only
 *   create; TEXT_MANAGE 4 and FILE_MANAGE 8 list, edit and delete. Before, 1 and 2 did both, so every
 *   existing key holding 1 gains 4 and every key holding 2 gains 8: no key gains or loses a right.
 *
 * Numbered 012: the next free number after the mounts, fs and upload migrations.
 */
export const restoreFlags: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('api_keys')
      .addColumn('is_enable', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('pastes')
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable('pastes').addColumn('title', 'text').execute();
    await sql`update api_keys set permissions = permissions | 4 where (permissions & 1) = 1`.execute(db);
    await sql`update api_keys set permissions = permissions | 8 where (permissions & 2) = 2`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`update api_keys set permissions = permissions & ~12`.execute(db);
    await db.schema.alterTable('pastes').dropColumn('title').execute();
    await db.schema.alterTable('pastes').dropColumn('is_public').execute();
    await db.schema.alterTable('api_keys').dropColumn('is_enable').execute();
  },
};
