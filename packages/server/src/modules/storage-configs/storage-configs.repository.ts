import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, StorageConfigsTable } from '../../db/schema.js';
import { dialectOf } from '../../db/client.js';

/** A row with `total_storage_bytes` as a number (PostgreSQL returns int8 as a string). */
export type StorageConfigRow = Omit<Selectable<StorageConfigsTable>, 'total_storage_bytes'> & {
  total_storage_bytes: number | null;
};
export type StorageConfigChanges = Updateable<
  Omit<StorageConfigsTable, 'id' | 'storage_type' | 'created_by' | 'created_at' | 'is_default'>
>;

function normalize(row: Selectable<StorageConfigsTable>): StorageConfigRow {
  const bytes = row.total_storage_bytes;
  return { ...row, total_storage_bytes: bytes === null ? null : Number(bytes) };
}

/** Storage of storage configs; credentials only ever as ciphertext. */
export function storageConfigsRepository(db: Kysely<Database>) {
  return {
    /** The default first, then oldest first; `publicOnly` keeps those usable by API keys. */
    async list(publicOnly: boolean): Promise<StorageConfigRow[]> {
      let query = db.selectFrom('storage_configs').selectAll();
      if (publicOnly) query = query.where('is_public', '=', 1);
      const rows = await query
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map(normalize);
    },

    async findById(id: string): Promise<StorageConfigRow | undefined> {
      const row = await db.selectFrom('storage_configs').selectAll().where('id', '=', id).executeTakeFirst();
      return row && normalize(row);
    },

    async nameExists(name: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('storage_configs').select('id').where('name', '=', name);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(row: Insertable<StorageConfigsTable>): Promise<void> {
      await db.insertInto('storage_configs').values(row).execute();
    },

    async update(id: string, changes: StorageConfigChanges): Promise<boolean> {
      const result = await db.updateTable('storage_configs').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('storage_configs').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Makes `id` the one default in a transaction: the old default is cleared first, so the partial
     * unique index (at most one `is_default = 1`) holds after every statement. False when unknown.
     * `updated_at` is left alone: the flag is not an edit of the storage settings. On PostgreSQL the
     * configs' rows are locked first: two calls at once would each clear the default they saw, and the
     * second to set its own would break the index (SQLite runs one writer at a time).
     */
    async setDefault(id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        if (dialectOf(db) === 'postgres') await trx.selectFrom('storage_configs').select('id').forUpdate().execute();
        const exists = await trx.selectFrom('storage_configs').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) return false;
        await trx
          .updateTable('storage_configs')
          .set({ is_default: 0 })
          .where('is_default', '=', 1)
          .where('id', '!=', id)
          .execute();
        await trx.updateTable('storage_configs').set({ is_default: 1 }).where('id', '=', id).execute();
        return true;
      });
    },

    /** Records use at most once per `staleBefore` window, in one conditional statement. */
    async touchLastUsed(id: string, now: string, staleBefore: string): Promise<void> {
      await db
        .updateTable('storage_configs')
        .set({ last_used: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<', staleBefore)]))
        .execute();
    },
  };
}
export type StorageConfigsRepository = ReturnType<typeof storageConfigsRepository>;
