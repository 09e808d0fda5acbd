import type { Kysely, Selectable, Transaction } from 'kysely';
import { prepared, type Param } from '../../db/prepared.js';
import type { AdminsTable, Database } from '../../db/schema.js';

export type AdminRow = Selectable<AdminsTable>;
export interface SessionWithAdmin {
  token_hash: string;
  expires_at: string;
  admin_id: string;
  username: string;
}

type Executor = Kysely<Database> | Transaction<Database>;

function sessionQuery(db: Executor, tokenHash: string) {
  return db
    .selectFrom('admin_sessions')
    .innerJoin('admins', 'admins.id', 'admin_sessions.admin_id')
    .select(['admin_sessions.token_hash', 'admin_sessions.expires_at', 'admin_sessions.admin_id', 'admins.username'])
    .where('admin_sessions.token_hash', '=', tokenHash);
}

/** Admins and their sessions. */
export function authRepository(db: Kysely<Database>) {
  // Every admin request looks its session up: built and compiled once (db/prepared.ts).
  const session = prepared(db, (p: Param<'tokenHash'>) => sessionQuery(db, p('tokenHash')));
  return {
    /** Runs `work` in one transaction with a repository bound to it. */
    transaction<T>(work: (repo: ReturnType<typeof bound>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(bound(trx)));
    },
    ...bound(db),
    async findSession(tokenHash: string): Promise<SessionWithAdmin | undefined> {
      const [row] = await session({ tokenHash });
      return row;
    },
  };
}

function bound(db: Executor) {
  return {
    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom('admins')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    findAdminByUsername(username: string): Promise<AdminRow | undefined> {
      return db.selectFrom('admins').selectAll().where('username', '=', username).executeTakeFirst();
    },

    findAdminById(id: string): Promise<AdminRow | undefined> {
      return db.selectFrom('admins').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertAdmin(row: AdminRow): Promise<void> {
      await db.insertInto('admins').values(row).execute();
    },

    async updateAdmin(
      id: string,
      changes: Partial<Pick<AdminRow, 'username' | 'password_hash' | 'updated_at'>>,
    ): Promise<void> {
      await db.updateTable('admins').set(changes).where('id', '=', id).execute();
    },

    async insertSession(row: {
      token_hash: string;
      admin_id: string;
      expires_at: string;
      created_at: string;
    }): Promise<void> {
      await db.insertInto('admin_sessions').values(row).execute();
    },

    findSession(tokenHash: string): Promise<SessionWithAdmin | undefined> {
      return sessionQuery(db, tokenHash).executeTakeFirst();
    },

    async deleteSession(tokenHash: string): Promise<void> {
      await db.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
    },

    async deleteSessionsOfAdmin(adminId: string): Promise<number> {
      const result = await db.deleteFrom('admin_sessions').where('admin_id', '=', adminId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteExpiredSessions(now: string): Promise<number> {
      const result = await db.deleteFrom('admin_sessions').where('expires_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type AuthRepository = ReturnType<typeof authRepository>;
