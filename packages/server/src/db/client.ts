import Sqlite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type SqliteDatabase } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

/** Opens the database named by the config: SQLite file (WAL, foreign keys, busy timeout) or a pg pool. */
export function createDb(config: DatabaseConfig, onLost: (err: Error) => void = () => {}): Kysely<Database> {
  if (config.kind === 'postgres') {
    // A connect that gets no answer fails after 5 s (503), instead of holding the request.
    const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection lost (the server restarted) is dropped by the pool and replaced on the next
    // query; unhandled, this event would end the process.
    pool.on('error', onLost);
    // The pool listens only to idle connections: one in use when the server goes away emits 'error'
    // with no listener (its query fails on its own), which ended the process in the restart test.
    pool.on('connect', (client) => client.on('error', () => {}));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const sqlite = new Sqlite(config.file);
  // WAL lets readers run while one writer commits; busy_timeout waits instead of failing on a lock.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

/** Prepared statements kept per SQL text; bounded because `sql.raw` could make the set of texts open-ended. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 for Kysely with prepared statements reused. Kysely prepares every query afresh, and
 * preparing costs more than running a short indexed query (about a tenth of a paste read's CPU in
 * the bench profile). Reuse is safe: Kysely gives the single SQLite connection to one query at a time.
 */
function withStatementCache(sqlite: Sqlite.Database): SqliteDatabase {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      const cached = cache.get(text);
      if (cached) return cached;
      const statement = sqlite.prepare(text);
      cache.set(text, statement);
      // Oldest first: Map iteration follows insertion order.
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      return statement;
    },
  };
}

/** Which dialect a Kysely instance speaks (repositories branch on it only where SQL differs). */
export function dialectOf(db: Kysely<Database>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** True for a UNIQUE-constraint violation in either dialect (lets a race end as 409, not 500). */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
