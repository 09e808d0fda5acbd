import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { dialectOf } from './client.js';
import { initial } from './migrations/001_initial.js';
import { pastes } from './migrations/002_pastes.js';
import { storage } from './migrations/003_storage.js';
import { files } from './migrations/004_files.js';
import { uploadBounds } from './migrations/005_upload_bounds.js';
import { uploadStaging } from './migrations/006_upload_staging.js';
import { mounts } from './migrations/007_mounts.js';
import { tasks } from './migrations/008_tasks.js';
import { fsListing } from './migrations/009_fs_listing.js';
import { fsSearchIndex } from './migrations/010_fs_search_index.js';
import { fsUploads } from './migrations/011_fs_uploads.js';
import { webdav } from './migrations/012_webdav.js';
import { restoreFlags } from './migrations/013_restore_flags.js';
import { periodicRuns } from './migrations/014_periodic_runs.js';
import type { Database } from './schema.js';

/**
 * Every migration, in order. Names sort lexically, so keep the numeric prefix; never edit or reorder
 * a migration that has shipped — add a new one.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '001_initial': initial,
  '002_pastes': pastes,
  '003_storage': storage,
  '004_files': files,
  '005_upload_bounds': uploadBounds,
  '006_upload_staging': uploadStaging,
  '007_mounts': mounts,
  '008_tasks': tasks,
  '009_fs_listing': fsListing,
  '010_fs_search_index': fsSearchIndex,
  '011_fs_uploads': fsUploads,
  '012_webdav': webdav,
  '013_restore_flags': restoreFlags,
  '014_periodic_runs': periodicRuns,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies pending migrations (Kysely takes a lock, so concurrent instances are safe); throws on failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Kysely looks for its own tables in every schema unless told which: on PostgreSQL, name the schema the
  // connection works in, or another schema's `kysely_migration_lock` passes for ours (it did with test
  // schemas migrated in parallel; so would two instances in two schemas of one database).
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const result: MigrationResultSet = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String(result.error)}`, { cause: result.error });
  }
  return (result.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
