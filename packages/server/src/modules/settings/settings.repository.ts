import type { Kysely, Selectable } from 'kysely';
import type { Database, SettingsTable } from '../../db/schema.js';

export type SettingStoredRow = Selectable<SettingsTable>;

/** Key/value settings rows; metadata lives in the contract's catalogue, not in the table. */
export function settingsRepository(db: Kysely<Database>) {
  return {
    findByKeys(keys: readonly string[]): Promise<SettingStoredRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db.selectFrom('settings').selectAll().where('key', 'in', keys).execute();
    },

    /** Inserts rows whose key is missing and leaves existing values alone. */
    async insertMissing(rows: SettingStoredRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('settings')
        .values(rows)
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    /** Writes several values in one statement (all or none), creating a row that is missing. */
    async upsertMany(rows: SettingStoredRow[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('settings')
        .values(rows)
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
    },
  };
}
