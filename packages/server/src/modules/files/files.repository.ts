import { sql, type Expression, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { dialectOf } from '../../db/client.js';
import type { Database, FilesTable } from '../../db/schema.js';
import { deadCondition, liveCondition, oneMoreView } from '../../db/view-limits.js';

/** A row with `size` as a number (PostgreSQL returns int8 as a string). */
export type FileRow = Omit<Selectable<FilesTable>, 'size' | 'part_size'> & { size: number; part_size: number | null };
/** A row as management views show it: with its storage config and creating key. */
export type FileListRow = FileRow & {
  key_name: string | null;
  storage_config_name: string | null;
  storage_type: string | null;
  provider_type: string | null;
};
export type FileChanges = Updateable<Omit<FilesTable, 'id' | 'password_version' | 'created_by' | 'created_at'>>;

/** Which share a view is counted on: the public one at a slug, or one whose password (or view) was proven. */
export type FileViewTarget = { kind: 'public'; slug: string } | { kind: 'proven'; id: string; passwordVersion: number };

/** Filter of the management list; `createdBy` undefined = every creator (admins). */
export interface FileListFilter {
  createdBy: string | undefined;
  search: string | undefined;
  limit: number;
  offset: number;
}

/** int8 columns as numbers (PostgreSQL returns them as strings). */
const normalize = <T extends { size: number | string; part_size: number | string | null }>(
  row: T,
): T & { size: number; part_size: number | null } => ({
  ...row,
  size: Number(row.size),
  part_size: row.part_size === null ? null : Number(row.part_size),
});

/** `%term%` with LIKE's wildcards escaped. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * Bytes stored per config by active shares, each object once: with the overwrite strategy several
 * shares can point at one object. `exceptKey` leaves out an object about to be written over.
 */
async function objectBytes(
  db: Kysely<Database>,
  configIds: string[],
  exceptKey?: string,
): Promise<Map<string, number>> {
  if (configIds.length === 0) return new Map();
  let objects = db
    .selectFrom('files')
    .select(['storage_config_id', 'storage_path', (eb) => eb.fn.max('size').as('size')])
    .where('storage_config_id', 'in', configIds)
    .where('status', '=', 'active');
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

/** The other active shares of `row`'s object take the size and ETag it has now. */
async function followObject(
  db: Kysely<Database>,
  row: Pick<FileRow, 'id' | 'storage_config_id' | 'storage_path'>,
  stored: { size: number; etag: string | null },
): Promise<void> {
  await db
    .updateTable('files')
    .set({ size: stored.size, etag: stored.etag })
    .where('storage_config_id', '=', row.storage_config_id)
    .where('storage_path', '=', row.storage_path)
    .where('id', '!=', row.id)
    .where('status', '=', 'active')
    .execute();
}

/** Storage of file shares. Every read but the owner's resume/commit calls sees only `active` rows. */
export function filesRepository(db: Kysely<Database>) {
  const likeOp = sql.raw(dialectOf(db) === 'postgres' ? 'ilike' : 'like');
  const keyJoin = sql<SqlBool>`files.created_by = ('apikey:' || api_keys.id)`;

  const matches = (filter: FileListFilter): Expression<SqlBool> => {
    const parts = [sql`files.status = 'active'`];
    if (filter.createdBy !== undefined) parts.push(sql`files.created_by = ${filter.createdBy}`);
    if (filter.search !== undefined) {
      const pattern = likePattern(filter.search);
      const like = (column: string) => sql`${sql.ref(column)} ${likeOp} ${pattern} escape '\\'`;
      parts.push(sql`(${sql.join([like('files.filename'), like('files.slug'), like('files.remark')], sql` or `)})`);
    }
    return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
  };

  const listQuery = () =>
    db
      .selectFrom('files')
      .leftJoin('api_keys', (join) => join.on(keyJoin))
      .leftJoin('storage_configs', 'storage_configs.id', 'files.storage_config_id')
      .selectAll('files')
      .select([
        'api_keys.name as key_name',
        'storage_configs.name as storage_config_name',
        'storage_configs.storage_type',
        'storage_configs.provider_type',
      ]);

  return {
    async insert(row: FileRow): Promise<void> {
      await db.insertInto('files').values(row).execute();
    },

    /** Any row by id (pending ones too), limited to `createdBy` when given: for the uploader's own calls. */
    async findById(id: string, createdBy?: string): Promise<FileRow | undefined> {
      let query = db.selectFrom('files').selectAll().where('id', '=', id);
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      const row = await query.executeTakeFirst();
      return row && normalize(row);
    },

    /** The active share at `slug`. */
    async findActiveBySlug(slug: string): Promise<FileRow | undefined> {
      const row = await db
        .selectFrom('files')
        .selectAll()
        .where('slug', '=', slug)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return row && normalize(row);
    },

    /**
     * An active share by id, else by slug (the share page asks by slug), with its config and key names,
     * limited to `createdBy` when given.
     */
    async findDetail(idOrSlug: string, createdBy: string | undefined): Promise<FileListRow | undefined> {
      let query = listQuery()
        .where((eb) => eb.or([eb('files.id', '=', idOrSlug), eb('files.slug', '=', idOrSlug)]))
        .where('files.status', '=', 'active');
      if (createdBy !== undefined) query = query.where('files.created_by', '=', createdBy);
      // One round trip; should one share's id be another's slug, the id wins.
      const rows = await query.limit(2).execute();
      const row = rows.find((r) => r.id === idOrSlug) ?? rows[0];
      return row && normalize(row);
    },

    /**
     * Counts one view in ONE statement (the shared rule of db/view-limits.ts) and returns the row after
     * the view, or undefined when the share is missing, pending, protected (public target), expired or used up.
     */
    async countView(target: FileViewTarget, now: string): Promise<FileRow | undefined> {
      let query = db
        .updateTable('files')
        .set({ views: oneMoreView(), last_viewed_at: now })
        .where(liveCondition(now))
        .where('status', '=', 'active');
      query =
        target.kind === 'public'
          ? query.where('slug', '=', target.slug).where('password_hash', 'is', null)
          : query.where('id', '=', target.id).where('password_version', '=', target.passwordVersion);
      const row = await query.returningAll().executeTakeFirst();
      return row && normalize(row);
    },

    /** One page of the management list, newest first. */
    async list(filter: FileListFilter): Promise<FileListRow[]> {
      const rows = await listQuery()
        .where(matches(filter))
        .orderBy('files.created_at', 'desc')
        .orderBy('files.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
      return rows.map(normalize);
    },

    async count(filter: FileListFilter): Promise<number> {
      const row = await db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Applies changes; `bumpPasswordVersion` increments the version in the same statement. False when gone. */
    async update(id: string, changes: FileChanges, bumpPasswordVersion = false): Promise<boolean> {
      const result = await db
        .updateTable('files')
        .set(changes)
        .$if(bumpPasswordVersion, (q) => q.set((eb) => ({ password_version: eb('password_version', '+', 1) })))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Activates a pending share of `size` bytes only if it still fits its config's `capacity` (null =
     * unlimited), in one transaction holding the config's row (FOR UPDATE on PostgreSQL; SQLite runs one
     * writer at a time), so two commits can never both take the last free space. Returns whether it
     * was activated and the bytes the config's other active shares use.
     */
    async activateWithin(
      row: Pick<FileRow, 'id' | 'storage_config_id' | 'storage_path'>,
      size: number,
      capacity: number | null,
      changes: FileChanges,
    ): Promise<{ activated: boolean; used: number }> {
      return db.transaction().execute(async (trx) => {
        let used = 0;
        if (capacity !== null) {
          if (dialectOf(db) === 'postgres')
            await trx
              .selectFrom('storage_configs')
              .select('id')
              .where('id', '=', row.storage_config_id)
              .forUpdate()
              .execute();
          // Other shares of the same object (the overwrite strategy) hold these very bytes: not counted twice.
          used = (await objectBytes(trx, [row.storage_config_id], row.storage_path)).get(row.storage_config_id) ?? 0;
          if (used + size > capacity) return { activated: false, used };
        }
        const result = await trx
          .updateTable('files')
          .set({ ...changes, status: 'active', upload_id: null })
          .where('id', '=', row.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        const activated = Number(result.numUpdatedRows) > 0;
        // Shares of the same object now serve the new bytes: their size and ETag say so.
        if (activated && changes.size !== undefined)
          await followObject(trx, row, { size: changes.size, etag: changes.etag ?? null });
        return { activated, used };
      });
    },

    /**
     * Replaces a legacy password hash (imported from the original product) by a fresh one of the same
     * password, only while `expected` is still stored, and without a new password version: the
     * password did not change, so access tokens stay valid.
     */
    async replacePasswordHash(id: string, expected: string, fresh: string): Promise<void> {
      await db
        .updateTable('files')
        .set({ password_hash: fresh })
        .where('id', '=', id)
        .where('password_hash', '=', expected)
        .execute();
    },

    async delete(id: string): Promise<boolean> {
      const result = await db.deleteFrom('files').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** The active rows among `ids` that `createdBy` (when given) may manage. */
    async findManyActive(ids: string[], createdBy: string | undefined): Promise<FileRow[]> {
      let query = db.selectFrom('files').selectAll().where('id', 'in', ids).where('status', '=', 'active');
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      return (await query.execute()).map(normalize);
    },

    /** True when a share other than `exceptId` stores its bytes in the same object. */
    async objectShared(configId: string, storagePath: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('files')
        .select('id')
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .where('id', '!=', exceptId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The shares of an object take the size and ETag it has now (another upload wrote it). */
    async followObject(
      row: Pick<FileRow, 'id' | 'storage_config_id' | 'storage_path'>,
      stored: { size: number; etag: string | null },
    ): Promise<void> {
      await followObject(db, row, stored);
    },

    /** Whether the object is a published share's bytes and no upload is still pending for it. */
    async publishedOnly(configId: string, storagePath: string): Promise<boolean> {
      const rows = await db
        .selectFrom('files')
        .select('status')
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .execute();
      return rows.some((r) => r.status === 'active') && !rows.some((r) => r.status === 'pending');
    },

    /** Who shares the object at a key (pending uploads included), each creator once. */
    async creatorsOf(configId: string, storagePath: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('created_by')
        .distinct()
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .execute();
      return rows.map((r) => r.created_by);
    },

    /**
     * Abandoned uploads, oldest first: pending rows without activity since `idleBefore`, or started
     * before `startedBefore` whatever their activity (asking for its parts cannot keep one forever).
     */
    async findPendingBefore(idleBefore: string, startedBefore: string, limit: number): Promise<FileRow[]> {
      const rows = await db
        .selectFrom('files')
        .selectAll()
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('updated_at', '<', idleBefore), eb('created_at', '<', startedBefore)]))
        .orderBy('updated_at')
        .limit(limit)
        .execute();
      return rows.map(normalize);
    },

    /** Deletes an object again after `after` (a later date wins over one already set). */
    async schedulePurge(configId: string, storagePath: string, after: string): Promise<void> {
      await db
        .insertInto('object_purges')
        .values({ storage_config_id: configId, storage_path: storagePath, purge_after: after })
        .onConflict((oc) =>
          oc
            .columns(['storage_config_id', 'storage_path'])
            .doUpdateSet({ purge_after: (eb) => eb.ref('excluded.purge_after') })
            .where((eb) => eb('excluded.purge_after', '>', eb.ref('object_purges.purge_after'))),
        )
        .execute();
    },

    /** Purges due by `now`, oldest first. */
    async duePurges(now: string, limit: number): Promise<{ storage_config_id: string; storage_path: string }[]> {
      return db
        .selectFrom('object_purges')
        .select(['storage_config_id', 'storage_path'])
        .where('purge_after', '<=', now)
        .orderBy('purge_after')
        .limit(limit)
        .execute();
    },

    async deletePurge(configId: string, storagePath: string): Promise<void> {
      await db
        .deleteFrom('object_purges')
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .execute();
    },

    /**
     * Active shares to purge: expired by `now`, or used up with no view since `viewedBefore` (the last
     * viewer's access token must have run out first).
     */
    async findDead(now: string, viewedBefore: string, limit: number): Promise<FileRow[]> {
      const rows = await db
        .selectFrom('files')
        .selectAll()
        .where('status', '=', 'active')
        .where(deadCondition(now))
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb('last_viewed_at', 'is', null),
            eb('last_viewed_at', '<', viewedBefore),
          ]),
        )
        .orderBy('created_at')
        .limit(limit)
        .execute();
      return rows.map(normalize);
    },

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
export type FilesRepository = ReturnType<typeof filesRepository>;
