import { sql, type Kysely } from 'kysely';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

/**
 * The session-level advisory lock every instance takes around its start-up work: ('drbx', the schema's
 * hash), so instances of one deployment take turns while databases in other schemas do not wait.
 */
export const STARTUP_LOCK_KEY = 0x64726278;

/**
 * Runs `work` while holding the start-up lock, so instances starting together on one PostgreSQL
 * database migrate, seed settings and create the first admin one after another: the first does the
 * work, the others find it done. The lock lives on one held connection and goes with it if the
 * process dies. SQLite is one process's file: no lock needed.
 */
export async function withStartupLock<T>(
  db: Kysely<Database>,
  database: DatabaseConfig,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind !== 'postgres') return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY}, hashtext(current_schema()))`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY}, hashtext(current_schema()))`.execute(conn);
    }
  });
}
