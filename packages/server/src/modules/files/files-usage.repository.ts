import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * Bytes stored per config by active shares, each object once: with the overwrite strategy several
 * shares can point at one object. `exceptKey` leaves out an object about to be written over.
 */
export async function objectBytes(
  db: Kysely<Database>,
  configIds: string[],
  exceptKey?: string,
): Promise<Map<string, number>> {
  if (configIds.length === 0) return new Map();
  let objects = db
    .selectFrom('files')
    .select(['storage_config_id', 'storage_path', (eb) => eb.fn.max('size').as('size')])
    .where('storage_config_id', 'in', configIds)
    .where('status', '=', 'active')
    // A mount share's object is the mount's, not a share's bytes.
    .where('file_path', 'is', null);
  if (exceptKey !== undefined) objects = objects.where('storage_path', '!=', exceptKey);
  const rows = await db
    .selectFrom(objects.groupBy(['storage_config_id', 'storage_path']).as('objects'))
    .select(['objects.storage_config_id', (eb) => eb.fn.sum<number | string>('objects.size').as('bytes')])
    .groupBy('objects.storage_config_id')
    .execute();
  return new Map(rows.map((r) => [r.storage_config_id, Number(r.bytes ?? 0)]));
}

/**
 * Bytes that pending uploads into a config have declared: the room they hold until they are published
 * or discarded (a presigned or part URL can store that much). Uploads to the same key count too: each
 * keeps its bytes apart until it is published (its parts, or its temporary file), so four uploads of
 * one name take four times its size. `exceptId` leaves out the upload being checked.
 */
async function reservedBytes(db: Kysely<Database>, configId: string, exceptId?: string): Promise<number> {
  let pending = db
    .selectFrom('files')
    .select((eb) => eb.fn.sum<number | string>('size').as('bytes'))
    .where('storage_config_id', '=', configId)
    .where('status', '=', 'pending');
  if (exceptId !== undefined) pending = pending.where('id', '!=', exceptId);
  const row = await pending.executeTakeFirst();
  return Number(row?.bytes ?? 0);
}

/** The files repository's figures: bytes stored and held per config, shares per config and per day. */
export function fileUsageQueries(db: Kysely<Database>) {
  return {
    /** Bytes of active shares per config, each object once; `exceptKey` leaves out an object about to be written over. */
    async usedBytes(configIds: string[], exceptKey?: string): Promise<Map<string, number>> {
      return objectBytes(db, configIds, exceptKey);
    },

    /**
     * What an upload to `key` must leave room for: stored objects but the one at `key` (it is about to
     * be replaced), and the bytes pending uploads declared, but `exceptId`'s own.
     */
    async heldBytes(configId: string, key: string, exceptId?: string): Promise<{ stored: number; reserved: number }> {
      const stored = (await objectBytes(db, [configId], key)).get(configId) ?? 0;
      return { stored, reserved: await reservedBytes(db, configId, exceptId) };
    },

    /** Shares (pending included: their uploads write into the config) that keep objects in a config. */
    async countByConfig(configId: string): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('storage_config_id', '=', configId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Active shares and their bytes (each object once), per storage config. */
    async totalsByConfig(): Promise<{ storage_config_id: string; count: number; bytes: number }[]> {
      const rows = await db
        .selectFrom('files')
        .select(['storage_config_id', (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('status', '=', 'active')
        .groupBy('storage_config_id')
        .execute();
      const bytes = await objectBytes(
        db,
        rows.map((r) => r.storage_config_id),
      );
      return rows.map((r) => ({
        storage_config_id: r.storage_config_id,
        count: Number(r.count),
        bytes: bytes.get(r.storage_config_id) ?? 0,
      }));
    },

    /** Active shares created per UTC day (`YYYY-MM-DD`) from `since` (ISO, inclusive). */
    async createdPerDay(since: string): Promise<Map<string, number>> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom('files')
        .select([day.as('date'), (eb) => eb.fn.countAll<number | string>().as('count')])
        .where('status', '=', 'active')
        .where('created_at', '>=', since)
        .groupBy(day)
        .execute();
      return new Map(rows.map((r) => [r.date, Number(r.count)]));
    },
  };
}
