import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** A storage config as the dashboard lists it. */
export interface ConfigSummaryRow {
  id: string;
  name: string;
  provider_type: string;
  storage_type: string;
  total_storage_bytes: number | null;
}

/**
 * Aggregates for the dashboard. It is a read model over other modules' tables: counts only, never a
 * write, so it reads them directly rather than adding a counting method to every service.
 */
export function dashboardRepository(db: Kysely<Database>) {
  return {
    /** Row counts of pastes, API keys and storage configs in one round trip. */
    async counts(): Promise<{ pastes: number; apiKeys: number; storageConfigs: number }> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('pastes').select(eb.fn.countAll<number | string>().as('n')).as('pastes'),
          eb.selectFrom('api_keys').select(eb.fn.countAll<number | string>().as('n')).as('api_keys'),
          eb.selectFrom('storage_configs').select(eb.fn.countAll<number | string>().as('n')).as('storage_configs'),
        ])
        .executeTakeFirstOrThrow();
      // PostgreSQL returns count(*) as a bigint string.
      return { pastes: Number(row.pastes), apiKeys: Number(row.api_keys), storageConfigs: Number(row.storage_configs) };
    },

    /** Every storage config, the default first, as the storage page orders them. */
    async storageConfigs(): Promise<ConfigSummaryRow[]> {
      const rows = await db
        .selectFrom('storage_configs')
        .select(['id', 'name', 'provider_type', 'storage_type', 'total_storage_bytes'])
        .orderBy('is_default', 'desc')
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      return rows.map((r) => ({
        ...r,
        total_storage_bytes: r.total_storage_bytes === null ? null : Number(r.total_storage_bytes),
      }));
    },

    /**
     * Pastes created per UTC day since `since`. Timestamps are ISO UTC text, so the first ten characters
     * are the day in both dialects and the range test is a plain string comparison on an indexed column.
     */
    async pastesPerDay(since: string): Promise<Map<string, number>> {
      const day = sql<string>`substr(created_at, 1, 10)`;
      const rows = await db
        .selectFrom('pastes')
        .select([day.as('day'), (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('created_at', '>=', since)
        .groupBy(day)
        .execute();
      return new Map(rows.map((r) => [r.day, Number(r.n)]));
    },
  };
}
