import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { columnsOf, type BackupRow, type BackupTableSpec } from './backup.tables.js';

/**
 * The database seen table by table, for the tables of the backup registry only. Table and column names
 * come from the registry, never from a file; Kysely quotes them and binds every value.
 */
type LooseDatabase = Record<string, BackupRow>;

/** Rows per INSERT: far below SQLite's and PostgreSQL's limits on bound parameters (~20 columns here). */
const INSERT_BATCH = 100;

/** Reading and replacing whole registry tables; pass a transaction to make several calls atomic. */
export function backupRepository(db: Kysely<Database>) {
  const loose = db as unknown as Kysely<LooseDatabase>;

  return {
    /**
     * File shares whose storage config does not exist. `files.storage_config_id` has no foreign key
     * (configs are soft references), so a restore checks this itself before it commits.
     */
    async orphanShares(): Promise<number> {
      const row = await db
        .selectFrom('files')
        .leftJoin('storage_configs', 'storage_configs.id', 'files.storage_config_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('storage_configs.id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Mounts whose storage config does not exist (no foreign key either), checked the same way. */
    async orphanMounts(): Promise<number> {
      const row = await db
        .selectFrom('storage_mounts')
        .leftJoin('storage_configs', 'storage_configs.id', 'storage_mounts.storage_config_id')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('storage_configs.id', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async count(spec: BackupTableSpec): Promise<number> {
      const row = await loose
        .selectFrom(spec.table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every row, only the registry's columns, in the file's form, by primary key. */
    async readAll(spec: BackupTableSpec): Promise<BackupRow[]> {
      const rows = await loose.selectFrom(spec.table).select(columnsOf(spec)).orderBy(spec.primaryKey).execute();
      return spec.fromDb ? rows.map(spec.fromDb) : rows;
    },

    async deleteAll(spec: BackupTableSpec): Promise<void> {
      await loose.deleteFrom(spec.table).execute();
    },

    /** Deletes the rows with these primary keys (merge replacing rows that still hold seeded defaults). */
    async deleteKeys(spec: BackupTableSpec, keys: readonly string[]): Promise<void> {
      if (keys.length > 0)
        await loose
          .deleteFrom(spec.table)
          .where(spec.primaryKey, 'in', [...keys])
          .execute();
    },

    async insertMany(spec: BackupTableSpec, rows: readonly BackupRow[]): Promise<void> {
      const columns = columnsOf(spec);
      for (let start = 0; start < rows.length; start += INSERT_BATCH) {
        // Only the registry's columns, whatever else a row object might carry.
        const batch = rows
          .slice(start, start + INSERT_BATCH)
          .map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])));
        await loose.insertInto(spec.table).values(batch).execute();
      }
    },
  };
}
export type BackupRepository = ReturnType<typeof backupRepository>;

/** True for a FOREIGN KEY violation in either dialect (rows elsewhere still point at a replaced row). */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
