import type { Kysely, Selectable, Updateable } from 'kysely';
import type { ApiKeysTable, Database } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;
export type ApiKeyChanges = Updateable<
  Pick<
    ApiKeysTable,
    'name' | 'permissions' | 'role' | 'basic_path' | 'is_guest' | 'is_enable' | 'expires_at' | 'updated_at'
  >
>;

/** Storage of API keys. The key itself appears only as digest and ciphertext. */
export function apiKeysRepository(db: Kysely<Database>) {
  return {
    /** Newest first; the id breaks ties between keys created in the same millisecond. */
    list(): Promise<ApiKeyRow[]> {
      return db.selectFrom('api_keys').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    findById(id: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByHash(keyHash: string): Promise<ApiKeyRow | undefined> {
      return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
    },

    async nameExists(name: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('api_keys').select('id').where('name', '=', name);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async insert(row: ApiKeyRow): Promise<void> {
      await db.insertInto('api_keys').values(row).execute();
    },

    /** Applies whitelisted changes; returns false when no row has that id. */
    async update(id: string, changes: ApiKeyChanges): Promise<boolean> {
      const result = await db.updateTable('api_keys').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('api_keys').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteMany(ids: string[]): Promise<number> {
      const result = await db.deleteFrom('api_keys').where('id', 'in', ids).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Records use in one conditional statement that writes only when the stored value is older than
     * `staleBefore`, so busy keys do not cost a write per request.
     */
    async touchLastUsed(id: string, now: string, staleBefore: string): Promise<void> {
      await db
        .updateTable('api_keys')
        .set({ last_used: now })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used', 'is', null), eb('last_used', '<', staleBefore)]))
        .execute();
    },
  };
}
export type ApiKeysRepository = ReturnType<typeof apiKeysRepository>;
