import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { Database, StorageMountsTable } from '../../db/schema.js';

export type MountRow = Selectable<StorageMountsTable>;
export type MountChanges = Updateable<Omit<StorageMountsTable, 'id' | 'created_by' | 'created_at'>>;
/** An active mount with whether its storage config is usable by API keys (`storage_configs.is_public`). */
export type ActiveMountRow = MountRow & { key_usable: number };

/** Storage of mount points (`storage_mounts`). */
export function mountsRepository(db: Kysely<Database>) {
  // Every vfs call reads the active mounts: built and compiled once (db/prepared.ts).
  const active = prepared(db, () =>
    db
      .selectFrom('storage_mounts as m')
      .leftJoin('storage_configs as c', 'c.id', 'm.storage_config_id')
      .selectAll('m')
      .select('c.is_public as key_usable')
      .where('m.is_active', '=', 1)
      .orderBy('m.sort_order', 'asc')
      .orderBy('m.name', 'asc')
      .orderBy('m.id', 'asc'),
  );
  return {
    /** Every mount in the original's order: sort order, then name (then id, so the order is total). */
    async list(): Promise<MountRow[]> {
      return db
        .selectFrom('storage_mounts')
        .selectAll()
        .orderBy('sort_order', 'asc')
        .orderBy('name', 'asc')
        .orderBy('id', 'asc')
        .execute();
    },

    /**
     * The active mounts, same order, each with its config's "usable by keys" flag, read in the one query
     * (a mount whose config is missing counts as not usable by keys).
     */
    async listActive(): Promise<ActiveMountRow[]> {
      const rows = await active({});
      return rows.map((row) => ({ ...row, key_usable: row.key_usable === 1 ? 1 : 0 }));
    },

    async findById(id: string): Promise<MountRow | undefined> {
      return db.selectFrom('storage_mounts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async pathExists(path: string, exceptId?: string): Promise<boolean> {
      let query = db.selectFrom('storage_mounts').select('id').where('mount_path', '=', path);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async countByConfig(configId: string): Promise<number> {
      const row = await db
        .selectFrom('storage_mounts')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('storage_config_id', '=', configId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(row: Insertable<StorageMountsTable>): Promise<void> {
      await db.insertInto('storage_mounts').values(row).execute();
    },

    async update(id: string, changes: MountChanges): Promise<boolean> {
      const result = await db.updateTable('storage_mounts').set(changes).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('storage_mounts').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type MountsRepository = ReturnType<typeof mountsRepository>;
