import type { Kysely, Migration } from 'kysely';

/**
 * When each periodic job (sweeps, clean-ups) is next due, shared by every instance on the database: an
 * instance runs a pass only when it moves `next_run_at` on itself (one conditional UPDATE), so the work is
 * done once per period however many instances run (issue 32). Numbered 014: the next free number here.
 */
export const periodicRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('periodic_runs')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('next_run_at', 'text', (c) => c.notNull())
      .addColumn('last_run_at', 'text')
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('periodic_runs').execute();
  },
};
