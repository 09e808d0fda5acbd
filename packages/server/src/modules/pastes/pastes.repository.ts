import { PASTE_PREVIEW_CHARS } from '@driftbox/contract';
import { sql, type Expression, type Kysely, type Selectable, type SqlBool, type Updateable } from 'kysely';
import { dialectOf } from '../../db/client.js';
import { prepared, type Param } from '../../db/prepared.js';
import { deadCondition, liveCondition, oneMoreView, type ViewTally } from '../../db/view-limits.js';
import type { Database, PastesTable } from '../../db/schema.js';

export type PasteRow = Selectable<PastesTable>;
/** A paste without its content: what is needed to decide how to answer a read. */
export type PasteMeta = Omit<PasteRow, 'content'>;
/** A row as the management views show it: with the creating key's name. */
export type PasteDetailRow = PasteRow & { key_name: string | null };
export type PasteListRow = Omit<PasteRow, 'content' | 'password_hash'> & {
  has_password: number;
  key_name: string | null;
  /** The first PASTE_PREVIEW_CHARS + 1 characters, so the presenter knows whether it was cut. */
  content_head: string;
};
export type PasteChanges = Updateable<Omit<PastesTable, 'id' | 'password_version' | 'created_by' | 'created_at'>>;

/** Which paste a view is counted on: the public paste at a slug, or a protected one whose password was proven. */
export type ViewTarget =
  | { kind: 'public'; slug: string }
  | { kind: 'proven'; id: string; passwordVersion: number; slug?: string }
  | { kind: 'owned'; id: string };

/** Filter of the management list; `createdBy` undefined = every creator (admins). */
export interface ListFilter {
  createdBy: string | undefined;
  search: string | undefined;
  limit: number;
  offset: number;
}

const META_COLUMNS = [
  'id',
  'slug',
  'remark',
  'password_hash',
  'password_version',
  'expires_at',
  'max_views',
  'views',
  'is_public',
  'title',
  'created_by',
  'created_at',
  'updated_at',
] as const;

// Live/dead conditions and the counting SET come from db/view-limits.ts: one rule for pastes and files.

/** `%term%` with LIKE's wildcards escaped, so a search for "50%" finds "50%" and not "50 anything". */
function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Storage of pastes. Repositories hide dialect differences (STYLE §19). */
export function pastesRepository(db: Kysely<Database>) {
  // Case-insensitive search on both: SQLite's LIKE already is (for ASCII); PostgreSQL needs ILIKE.
  const likeOp = sql.raw(dialectOf(db) === 'postgres' ? 'ilike' : 'like');
  const keyJoin = sql<SqlBool>`pastes.created_by = ('apikey:' || api_keys.id)`;

  /** The list filter as one condition (plain SQL, so it fits the joined and the counting query alike). */
  const matches = (filter: ListFilter): Expression<SqlBool> => {
    const parts = [sql`1 = 1`];
    if (filter.createdBy !== undefined) parts.push(sql`pastes.created_by = ${filter.createdBy}`);
    if (filter.search !== undefined) {
      const pattern = likePattern(filter.search);
      const like = (column: string) => sql`${sql.ref(column)} ${likeOp} ${pattern} escape '\\'`;
      parts.push(sql`(${sql.join([like('pastes.slug'), like('pastes.remark'), like('pastes.content')], sql` or `)})`);
    }
    return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
  };

  // The read path runs on every view, so its shapes are compiled once (see db/prepared.ts). Each target
  // has one WHERE, used by a SELECT (the read of an unlimited paste) and by the counting UPDATE.
  const publicWhere = (param: Param<'now' | 'slug'>) =>
    sql<SqlBool>`${liveCondition(param('now'))} and slug = ${param('slug')} and password_hash is null and is_public = 1`;
  const provenWhere = (param: Param<'now' | 'id' | 'version'>) =>
    sql<SqlBool>`${liveCondition(param('now'))} and id = ${param('id')} and password_version = ${param('version')} and password_hash is not null and is_public = 1`;
  const provenAtWhere = (param: Param<'now' | 'id' | 'version' | 'slug'>) =>
    sql<SqlBool>`${provenWhere(param)} and slug = ${param('slug')}`;
  // A private paste read by its creator or the admin (the service checks who): no password needed.
  const ownedWhere = (param: Param<'now' | 'id'>) =>
    sql<SqlBool>`${liveCondition(param('now'))} and id = ${param('id')}`;
  const peekQuery = (where: Expression<SqlBool>) => db.selectFrom('pastes').selectAll().where(where);
  const countQuery = (where: Expression<SqlBool>) =>
    db.updateTable('pastes').set({ views: oneMoreView() }).where(where).returningAll();
  const shapes = {
    public: {
      peek: prepared(db, (p: Param<'now' | 'slug'>) => peekQuery(publicWhere(p))),
      count: prepared(db, (p: Param<'now' | 'slug'>) => countQuery(publicWhere(p))),
    },
    proven: {
      peek: prepared(db, (p: Param<'now' | 'id' | 'version'>) => peekQuery(provenWhere(p))),
      count: prepared(db, (p: Param<'now' | 'id' | 'version'>) => countQuery(provenWhere(p))),
    },
    owned: {
      peek: prepared(db, (p: Param<'now' | 'id'>) => peekQuery(ownedWhere(p))),
      count: prepared(db, (p: Param<'now' | 'id'>) => countQuery(ownedWhere(p))),
    },
    provenAt: {
      peek: prepared(db, (p: Param<'now' | 'id' | 'version' | 'slug'>) => peekQuery(provenAtWhere(p))),
      count: prepared(db, (p: Param<'now' | 'id' | 'version' | 'slug'>) => countQuery(provenAtWhere(p))),
    },
  };

  /** The SELECT and the counting UPDATE of one read, bound to its values. */
  function readOf(
    target: ViewTarget,
    now: string,
  ): { peek: () => Promise<PasteRow[]>; count: () => Promise<PasteRow[]> } {
    if (target.kind === 'public') {
      const values = { now, slug: target.slug };
      return { peek: () => shapes.public.peek(values), count: () => shapes.public.count(values) };
    }
    if (target.kind === 'owned') {
      const values = { now, id: target.id };
      return { peek: () => shapes.owned.peek(values), count: () => shapes.owned.count(values) };
    }
    if (target.slug === undefined) {
      const values = { now, id: target.id, version: target.passwordVersion };
      return { peek: () => shapes.proven.peek(values), count: () => shapes.proven.count(values) };
    }
    const values = { now, id: target.id, version: target.passwordVersion, slug: target.slug };
    return { peek: () => shapes.provenAt.peek(values), count: () => shapes.provenAt.count(values) };
  }

  return {
    async insert(row: PasteRow): Promise<void> {
      await db.insertInto('pastes').values(row).execute();
    },

    /** Everything but the content (which may be 10 MB) of the paste at `slug`. */
    findMetaBySlug(slug: string): Promise<PasteMeta | undefined> {
      return db.selectFrom('pastes').select(META_COLUMNS).where('slug', '=', slug).executeTakeFirst();
    },

    /** The first `maxChars` characters of the text of paste `id` and the text's length; counts nothing. */
    findHead(id: string, maxChars: number): Promise<{ head: string; length: number } | undefined> {
      return db
        .selectFrom('pastes')
        .select(sql<string>`substr(content, 1, ${maxChars})`.as('head'))
        .select(sql<number>`length(content)`.as('length'))
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * The paste with id `idOrSlug`, else with that slug, limited to `createdBy` when given; with the
     * creating key's name. Accepting the slug keeps clients of the original (`PUT /pastes/:slug`) working.
     */
    async findDetail(idOrSlug: string, createdBy: string | undefined): Promise<PasteDetailRow | undefined> {
      const byColumn = (column: 'id' | 'slug') => {
        let query = db
          .selectFrom('pastes')
          .leftJoin('api_keys', (join) => join.on(keyJoin))
          .selectAll('pastes')
          .select('api_keys.name as key_name')
          .where(`pastes.${column}`, '=', idOrSlug);
        if (createdBy !== undefined) query = query.where('pastes.created_by', '=', createdBy);
        return query.executeTakeFirst();
      };
      return (await byColumn('id')) ?? (await byColumn('slug'));
    },

    /**
     * Counts one view and returns the row as it is after the view, or undefined when the paste is
     * missing, protected (for a public target), expired or used up. A paste with a view limit is
     * counted by ONE conditional UPDATE whose WHERE holds the conditions, so parallel readers can
     * never exceed max_views (ARCHITECTURE §6); an unlimited one is read by a SELECT with the same
     * WHERE and its view goes to the tally (db/view-limits.ts, createViewTally).
     */
    async countView(target: ViewTarget, now: string, tally: ViewTally): Promise<PasteRow | undefined> {
      const read = readOf(target, now);
      const [found] = await read.peek();
      if (!found) return undefined;
      if ((found.max_views ?? 0) === 0) return { ...found, views: found.views + tally.add(found.id) };
      const [counted] = await read.count();
      return counted;
    },

    /** One page of the management list, newest first. */
    list(filter: ListFilter): Promise<PasteListRow[]> {
      const query = db
        .selectFrom('pastes')
        .leftJoin('api_keys', (join) => join.on(keyJoin))
        .select([
          'pastes.id',
          'pastes.slug',
          'pastes.remark',
          'pastes.password_version',
          'pastes.expires_at',
          'pastes.max_views',
          'pastes.views',
          'pastes.is_public',
          'pastes.title',
        ])
        .select(['pastes.created_by', 'pastes.created_at', 'pastes.updated_at', 'api_keys.name as key_name'])
        .select(sql<number>`case when pastes.password_hash is null then 0 else 1 end`.as('has_password'))
        // Only the head of the content leaves the database, not up to 10 MB per row.
        .select(sql<string>`substr(pastes.content, 1, ${PASTE_PREVIEW_CHARS + 1})`.as('content_head'))
        .orderBy('pastes.created_at', 'desc')
        .orderBy('pastes.id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset);
      return query.where(matches(filter)).execute();
    },

    /** How many pastes match the list filter. */
    async count(filter: ListFilter): Promise<number> {
      const row = await db
        .selectFrom('pastes')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where(matches(filter))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /**
     * Applies changes; false when the row is gone. `bumpPasswordVersion` increments the version in the
     * same statement, so two concurrent password changes can never end on the same version.
     */
    async update(id: string, changes: PasteChanges, bumpPasswordVersion = false): Promise<boolean> {
      const result = await db
        .updateTable('pastes')
        .set(changes)
        .$if(bumpPasswordVersion, (q) => q.set((eb) => ({ password_version: eb('password_version', '+', 1) })))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Replaces a legacy password hash by a fresh one of the same password. Only while the stored hash is
     * still `expected` (a concurrent password change wins), and without a new password version: the
     * password did not change, so access tokens stay valid.
     */
    async replacePasswordHash(id: string, expected: string, fresh: string): Promise<void> {
      await db
        .updateTable('pastes')
        .set({ password_hash: fresh })
        .where('id', '=', id)
        .where('password_hash', '=', expected)
        .execute();
    },

    /** Deletes the given ids (only those of `createdBy` when given); returns how many. */
    async deleteMany(ids: string[], createdBy: string | undefined): Promise<number> {
      let query = db.deleteFrom('pastes').where('id', 'in', ids);
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes expired and used-up pastes (only those of `createdBy` when given); returns how many. */
    async deleteDead(now: string, createdBy: string | undefined): Promise<number> {
      let query = db.deleteFrom('pastes').where(deadCondition(now));
      if (createdBy !== undefined) query = query.where('created_by', '=', createdBy);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type PastesRepository = ReturnType<typeof pastesRepository>;
