import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { iso } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { Database } from './schema.js';

/**
 * The one rule for shares with an expiry and a view limit (pastes and files alike, ARCHITECTURE §6):
 * a share is live while it has not expired and has views left; `max_views` 0 or NULL means unlimited.
 * Views are counted by a single conditional UPDATE whose WHERE holds the live condition, so parallel
 * readers can never exceed the limit and the view that reaches it still succeeds; later ones get 410.
 * Dead rows stay (answering 410) until a sweep deletes them.
 *
 * The conditions are plain SQL over unqualified `expires_at`, `max_views` and `views`, so they fit any
 * single-table statement on a table with those columns, in SQLite and PostgreSQL alike.
 */
export interface ViewLimited {
  expires_at: string | null;
  max_views: number | null;
  views: number;
}

/** True while the share may be read at `now`: not expired, views left. */
export function isLive(row: ViewLimited, now: Date): boolean {
  if (row.expires_at !== null && row.expires_at <= iso(now)) return false;
  const max = row.max_views ?? 0;
  return max === 0 || row.views < max;
}

/** True when the view just counted (the row after the increment) used up the last allowed view. */
export function isLastView(row: ViewLimited): boolean {
  const max = row.max_views ?? 0;
  return max > 0 && row.views >= max;
}

/** SQL: still readable at `now` (ISO string); the condition of every counting UPDATE. */
export function liveCondition(now: string): Expression<SqlBool> {
  return sql<SqlBool>`((expires_at is null or expires_at > ${now}) and (max_views is null or max_views = 0 or views < max_views))`;
}

/** SQL: expired or used up at `now`: what sweeps and "clear expired" delete. */
export function deadCondition(now: string): Expression<SqlBool> {
  return sql<SqlBool>`((expires_at is not null and expires_at <= ${now}) or (max_views > 0 and views >= max_views))`;
}

/** SQL: expired at `now` only (a share whose views are used up but not expired is not matched). */
export function expiredCondition(now: string): Expression<SqlBool> {
  return sql<SqlBool>`(expires_at is not null and expires_at <= ${now})`;
}

/** The SET value that counts one view; used with `liveCondition` in the same statement. */
export function oneMoreView(): RawBuilder<number> {
  return sql<number>`views + 1`;
}

/** How long a tallied view may wait before it is written (see createViewTally). */
export const VIEW_TALLY_DELAY_MS = 500;

export interface ViewTallyDeps {
  db: Kysely<Database>;
  /** The share table whose `views` column is tallied; its rows have a string `id`. */
  table: 'pastes' | 'files';
  logger: Logger;
  delayMs?: number;
}

/**
 * Views of shares WITHOUT a view limit. Nothing depends on their count but the statistics, so instead
 * of one write per read (the dominant cost of a read: a SQLite commit costs three times the SELECT) they
 * are tallied here and written as `views = views + n` in one transaction at most `delayMs` later. The
 * additive write is correct across instances; a crash loses at most that window of counts. Shares WITH
 * a limit never come here: their views are counted by the conditional UPDATE above, one per read.
 * Readers of the count (management lists, edits) call `flush()` first, so this instance's counts show.
 */
export function createViewTally({ db, table, logger, delayMs = VIEW_TALLY_DELAY_MS }: ViewTallyDeps) {
  let pending = new Map<string, number>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: Map<string, number>): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (const [id, count] of batch) {
        await sql`update ${sql.table(table)} set views = views + ${count} where id = ${id}`.execute(trx);
      }
    });
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.size === 0) return writing;
    const batch = pending;
    pending = new Map();
    // Batches are written one after another; a failed one is logged, never retried into a loop.
    writing = writing
      .then(() => write(batch))
      .catch((err: unknown) => {
        logger.warn('Could not write tallied views', { table, error: String(err) });
      });
    return writing;
  }

  return {
    /** Counts one view of share `id`; returns how many of its views are not written yet (this one included). */
    add(id: string): number {
      const count = (pending.get(id) ?? 0) + 1;
      pending.set(id, count);
      if (!timer) {
        timer = setTimeout(() => void flush(), delayMs);
        timer.unref();
      }
      return count;
    },
    /** Views of share `id` not written yet (to add to a count read from the database). */
    pending(id: string): number {
      return pending.get(id) ?? 0;
    },
    /** Writes every tallied view now; resolves once they are in the database. */
    flush,
  };
}
export type ViewTally = ReturnType<typeof createViewTally>;
