import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { addMs, iso, type Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/**
 * A pass is claimed a little before a whole interval from the last one, so the instance whose timer
 * claimed it last is due again on its own next tick (timers drift by milliseconds).
 */
const DUE_AFTER = 0.9;

/**
 * Claims of periodic jobs shared through the database (`periodic_runs`): `claim(name, intervalMs)()`
 * is true for exactly one caller per period, however many instances ask — one conditional UPDATE moves
 * the job's next due time on. A database that cannot be reached claims nothing (the pass would fail).
 */
export function periodicClaims(db: Kysely<Database>, clock: Clock, logger: Logger) {
  return (name: string, intervalMs: number) => async (): Promise<boolean> => {
    const now = clock.now();
    try {
      await db
        .insertInto('periodic_runs')
        .values({ name, next_run_at: iso(now), last_run_at: null })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const claimed = await db
        .updateTable('periodic_runs')
        .set({ next_run_at: iso(addMs(now, Math.round(intervalMs * DUE_AFTER))), last_run_at: iso(now) })
        .where('name', '=', name)
        .where('next_run_at', '<=', iso(now))
        .executeTakeFirst();
      return Number(claimed.numUpdatedRows) === 1;
    } catch (err) {
      logger.warn('Periodic job not claimed', { name, error: err instanceof Error ? err.message : String(err) });
      return false;
    }
  };
}
export type PeriodicClaim = () => Promise<boolean>;
