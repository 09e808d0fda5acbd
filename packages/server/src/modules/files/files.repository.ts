import { sql, type Expression, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { dialectOf } from '../../db/client.js';
import type { Database, FilesTable } from '../../db/schema.js';
import { liveCondition, oneMoreView } from '../../db/view-limits.js';
import { fileCleanupQueries } from './cleanup/files-cleanup.repository.js';
import { fileUsageQueries, objectBytes } from './files-usage.repository.js';
import { normalize } from './files.rows.js';

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

/** `%term%` with LIKE's wildcards escaped. */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
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
    ...fileCleanupQueries(db),
    ...fileUsageQueries(db),

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

    /** True when a share other than `exceptId` stores its bytes in the same object (mount shares hold none). */
    async objectShared(configId: string, storagePath: string, exceptId: string): Promise<boolean> {
      const row = await db
        .selectFrom('files')
        .select('id')
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .where('id', '!=', exceptId)
        .where('file_path', 'is', null)
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

    /** Who shares the object at a key (pending uploads included; mount shares own nothing), each creator once. */
    async creatorsOf(configId: string, storagePath: string): Promise<string[]> {
      const rows = await db
        .selectFrom('files')
        .select('created_by')
        .distinct()
        .where('storage_config_id', '=', configId)
        .where('storage_path', '=', storagePath)
        .where('file_path', 'is', null)
        .execute();
      return rows.map((r) => r.created_by);
    },
  };
}
export type FilesRepository = ReturnType<typeof filesRepository>;
