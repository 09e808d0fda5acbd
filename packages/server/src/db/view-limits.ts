import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { iso } from '../lib/clock.js';

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
