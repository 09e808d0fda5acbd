import { sql, type Kysely } from 'kysely';
import type { Database, WebdavLocksTable } from '../../db/schema.js';

export type LockRow = WebdavLocksTable;

/** Rows at `path` or below it: `path` itself, or a path starting with `path/` (no LIKE: names may hold `%`). */
function atOrBelow(path: string) {
  const prefix = path === '/' ? '/' : path + '/';
  return sql<boolean>`(path = ${path} or substr(path, 1, ${prefix.length}) = ${prefix})`;
}

function rootAtOrBelow(path: string) {
  const prefix = path === '/' ? '/' : path + '/';
  return sql<boolean>`(root = ${path} or substr(root, 1, ${prefix.length}) = ${prefix})`;
}

/** `path` re-rooted from `from` to `to` (both normalised; `path` is `from` or below it). */
export function rebase(path: string, from: string, to: string): string {
  return path === from ? to : (to === '/' ? '' : to) + path.slice(from === '/' ? 0 : from.length);
}

/** WebDAV's tables: dead properties per virtual path and write locks (both dialects). */
export function webdavRepository(db: Kysely<Database>) {
  return {
    /** Dead properties of the given paths. */
    async propertiesOf(paths: readonly string[]) {
      if (paths.length === 0) return [];
      return db
        .selectFrom('webdav_properties')
        .select(['path', 'name', 'value'])
        .where('path', 'in', [...paths])
        .orderBy('path')
        .orderBy('name')
        .execute();
    },

    /** Applies PROPPATCH's sets (value) and removes (null) in one transaction, in document order. */
    async patchProperties(path: string, changes: readonly { name: string; value: string | null }[], now: string) {
      await db.transaction().execute(async (trx) => {
        for (const change of changes) {
          await trx.deleteFrom('webdav_properties').where('path', '=', path).where('name', '=', change.name).execute();
          if (change.value !== null)
            await trx
              .insertInto('webdav_properties')
              .values({ path, name: change.name, value: change.value, updated_at: now })
              .execute();
        }
      });
    },

    /** True when any dead property is stored at or below `path` (one indexed probe). */
    async anyPropertiesUnder(path: string): Promise<boolean> {
      const row = await db
        .selectFrom('webdav_properties')
        .select('path')
        .where(atOrBelow(path))
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async deletePropertiesUnder(path: string) {
      await db.deleteFrom('webdav_properties').where(atOrBelow(path)).execute();
    },

    /** Copies (or, with `move`, moves) the properties at and below `from` to the same places below `to`. */
    async relocateProperties(from: string, to: string, move: boolean, now: string) {
      await db.transaction().execute(async (trx) => {
        const rows = await trx.selectFrom('webdav_properties').selectAll().where(atOrBelow(from)).execute();
        await trx.deleteFrom('webdav_properties').where(atOrBelow(to)).execute();
        if (move) await trx.deleteFrom('webdav_properties').where(atOrBelow(from)).execute();
        for (let i = 0; i < rows.length; i += 200) {
          const batch = rows.slice(i, i + 200).map((r) => ({ ...r, path: rebase(r.path, from, to), updated_at: now }));
          await trx.insertInto('webdav_properties').values(batch).execute();
        }
      });
    },

    /** Live locks whose root is one of `roots`. */
    async locksAt(roots: readonly string[], now: string): Promise<LockRow[]> {
      return db
        .selectFrom('webdav_locks')
        .selectAll()
        .where('root', 'in', [...roots])
        .where('expires_at', '>', now)
        .execute();
    },

    /** Live locks rooted at `path` or below it. */
    async locksUnder(path: string, now: string): Promise<LockRow[]> {
      return db
        .selectFrom('webdav_locks')
        .selectAll()
        .where(rootAtOrBelow(path))
        .where('expires_at', '>', now)
        .execute();
    },

    async lockByToken(token: string, now: string): Promise<LockRow | undefined> {
      return db
        .selectFrom('webdav_locks')
        .selectAll()
        .where('token', '=', token)
        .where('expires_at', '>', now)
        .executeTakeFirst();
    },

    async insertLock(row: LockRow) {
      await db.insertInto('webdav_locks').values(row).execute();
    },

    async refreshLock(token: string, timeoutSeconds: number, expiresAt: string) {
      await db
        .updateTable('webdav_locks')
        .set({ timeout_seconds: timeoutSeconds, expires_at: expiresAt })
        .where('token', '=', token)
        .execute();
    },

    async deleteLock(token: string): Promise<boolean> {
      const result = await db.deleteFrom('webdav_locks').where('token', '=', token).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteLocksUnder(path: string) {
      await db.deleteFrom('webdav_locks').where(rootAtOrBelow(path)).execute();
    },

    async deleteExpiredLocks(now: string) {
      await db.deleteFrom('webdav_locks').where('expires_at', '<=', now).execute();
    },
  };
}
export type WebdavRepository = ReturnType<typeof webdavRepository>;
