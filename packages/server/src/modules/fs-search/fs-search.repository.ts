import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { Database, FsSearchIndexTable } from '../../db/schema.js';

export type IndexRow = Selectable<FsSearchIndexTable>;
export type IndexInsert = Omit<IndexRow, 'size'> & { size: number };

/** Which rows of one mount a search may return: all, or those at/below `prefix`, never those in `exclude`. */
export interface MountFilter {
  mountId: string;
  /** A path inside the mount (`/a/b`); null for the whole mount. */
  prefix: string | null;
  /** Paths inside the mount where a deeper mount hides the storage. */
  exclude: string[];
}

/** Rows per insert statement (10 columns: well within both dialects' parameter limits). */
const UPSERT_CHUNK = 200;

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (`escape '\'`). */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => '\\' + c);
}

/**
 * `path` equals `rel` or lies below it. `substr`/`length` count characters on both dialects (so code
 * points here), and the comparison is exact: SQLite's LIKE would ignore ASCII case, PostgreSQL's
 * ordering depends on the collation.
 */
function atOrBelow(rel: string): RawBuilder<boolean> {
  const below = rel + '/';
  return sql<boolean>`(path = ${rel} or substr(path, 1, ${sql.lit([...below].length)}) = ${below})`;
}

function mountCondition(filter: MountFilter): RawBuilder<boolean> {
  const parts = [sql`mount_id = ${filter.mountId}`];
  if (filter.prefix !== null) parts.push(atOrBelow(filter.prefix));
  for (const rel of filter.exclude) parts.push(sql`not ${atOrBelow(rel)}`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The search index of mounts and its per-mount state (migration 010). */
export function fsSearchRepository(db: Kysely<Database>) {
  return {
    /** Writes rows (insert or replace by mount and path). */
    async upsert(rows: readonly IndexInsert[]): Promise<void> {
      for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
        await db
          .insertInto('fs_search_index')
          .values(rows.slice(i, i + UPSERT_CHUNK))
          .onConflict((oc) =>
            oc.columns(['mount_id', 'path']).doUpdateSet((eb) => ({
              parent_path: eb.ref('excluded.parent_path'),
              name: eb.ref('excluded.name'),
              name_lower: eb.ref('excluded.name_lower'),
              is_dir: eb.ref('excluded.is_dir'),
              size: eb.ref('excluded.size'),
              modified: eb.ref('excluded.modified'),
              etag: eb.ref('excluded.etag'),
              indexed_at: eb.ref('excluded.indexed_at'),
            })),
          )
          .execute();
      }
    },

    /** Removes the rows of `mountId` at or below `rel`. */
    async deleteAt(mountId: string, rel: string): Promise<void> {
      await db.deleteFrom('fs_search_index').where('mount_id', '=', mountId).where(atOrBelow(rel)).execute();
    },

    /** Removes the rows a refresh started at `before` did not write; the count removed. */
    async deleteOlder(mountId: string, before: string): Promise<number> {
      const result = await db
        .deleteFrom('fs_search_index')
        .where('mount_id', '=', mountId)
        .where('indexed_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Drops the index and state of every mount not in `mountIds` (deleted or disabled since). */
    async pruneExcept(mountIds: readonly string[]): Promise<void> {
      for (const table of ['fs_search_index', 'fs_search_mounts'] as const) {
        let query = db.deleteFrom(table);
        if (mountIds.length > 0) query = query.where('mount_id', 'not in', mountIds);
        await query.execute();
      }
    },

    async states(mountIds: readonly string[]) {
      if (mountIds.length === 0) return [];
      return db.selectFrom('fs_search_mounts').selectAll().where('mount_id', 'in', mountIds).execute();
    },

    async ensureState(mountId: string): Promise<void> {
      await db
        .insertInto('fs_search_mounts')
        .values({ mount_id: mountId, refreshed_at: null, stale_at: null, queued_at: null })
        .onConflict((oc) => oc.column('mount_id').doNothing())
        .execute();
    },

    /** Marks a refresh queued unless one was queued after `queuedBefore`; true when this caller won. */
    async claimQueue(mountId: string, now: string, queuedBefore: string): Promise<boolean> {
      await this.ensureState(mountId);
      const result = await db
        .updateTable('fs_search_mounts')
        .set({ queued_at: now })
        .where('mount_id', '=', mountId)
        .where((eb) => eb.or([eb('queued_at', 'is', null), eb('queued_at', '<', queuedBefore)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async markRefreshed(mountId: string, startedAt: string): Promise<void> {
      await this.ensureState(mountId);
      await db
        .updateTable('fs_search_mounts')
        .set({ refreshed_at: startedAt, queued_at: null })
        .where('mount_id', '=', mountId)
        .execute();
    },

    async releaseQueue(mountId: string): Promise<void> {
      await db.updateTable('fs_search_mounts').set({ queued_at: null }).where('mount_id', '=', mountId).execute();
    },

    async markStale(mountId: string, now: string): Promise<void> {
      await this.ensureState(mountId);
      await db.updateTable('fs_search_mounts').set({ stale_at: now }).where('mount_id', '=', mountId).execute();
    },

    /**
     * One page of the rows whose lower-cased name contains `qLower`, within the filters: exact names
     * first, then prefixes, then other substrings; then by mount (in the filters' order) and path.
     */
    async search(filters: readonly MountFilter[], qLower: string, limit: number, offset: number) {
      if (filters.length === 0) return { rows: [] as IndexRow[], total: 0 };
      const literal = likeLiteral(qLower);
      const where = sql<boolean>`(name_lower like ${'%' + literal + '%'} escape '\\') and (${sql.join(
        filters.map(mountCondition),
        sql` or `,
      )})`;
      const rank = sql`case when name_lower = ${qLower} then 0 when name_lower like ${literal + '%'} escape '\\' then 1 else 2 end`;
      const mountOrder = sql`case mount_id ${sql.join(
        filters.map((f, i) => sql`when ${f.mountId} then ${sql.lit(i)}`),
        sql` `,
      )} end`;
      const rows = await db
        .selectFrom('fs_search_index')
        .selectAll()
        .where(where)
        .orderBy(rank)
        .orderBy(mountOrder)
        .orderBy('path')
        .limit(limit)
        .offset(offset)
        .execute();
      const count = await db
        .selectFrom('fs_search_index')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where(where)
        .executeTakeFirstOrThrow();
      return { rows, total: Number(count.n) };
    },
  };
}
export type FsSearchRepository = ReturnType<typeof fsSearchRepository>;
