import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface Counter {
  count: number;
  reset_at: string;
}

/** Rate-limit counters as rows, so every instance behind a load balancer shares them (ARCHITECTURE §3). */
export function rateLimitsRepository(db: Kysely<Database>) {
  return {
    /**
     * Adds one hit in a single atomic upsert: starts a new window when the stored one has ended,
     * otherwise increments. Both dialects support ON CONFLICT … DO UPDATE … RETURNING.
     */
    async increment(key: string, now: string, newResetAt: string): Promise<Counter> {
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: newResetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
            reset_at: sql<string>`case when rate_limits.reset_at <= ${now} then ${newResetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), reset_at: row.reset_at };
    },

    /** Takes back one hit of a live window (a charge that turned out not to be owed). */
    async decrement(key: string, now: string): Promise<void> {
      await db
        .updateTable('rate_limits')
        .set({ count: sql<number>`rate_limits.count - 1` })
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .where('count', '>', 0)
        .execute();
    },

    /** The live counter for `key`, or undefined when none or its window has ended. */
    async findActive(key: string, now: string): Promise<Counter | undefined> {
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .where('reset_at', '>', now)
        .executeTakeFirst();
      return row ? { count: Number(row.count), reset_at: row.reset_at } : undefined;
    },

    /** Forgets a counter (e.g. after a successful login). */
    async remove(key: string): Promise<void> {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },

    /** Drops counters whose window has ended; returns how many. */
    async deleteExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('rate_limits').where('reset_at', '<=', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type RateLimitsRepository = ReturnType<typeof rateLimitsRepository>;
