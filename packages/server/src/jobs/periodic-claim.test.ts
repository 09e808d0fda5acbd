import { describe, expect, it } from 'vitest';
import { createDb } from '../db/client.js';
import { memoryLogger } from '../lib/logger.js';
import { testClock } from '../test/clock.js';
import { dialects } from '../test/harness.js';
import { testDbPerTest } from '../test/per-test.js';
import { periodicClaims } from './periodic-claim.js';

const INTERVAL = 60_000;

describe.each(dialects)('periodic job claims (%s)', (dialect) => {
  const t = testDbPerTest(dialect);

  it('instances asking at once: exactly one runs each period; the job is due again a period later', async () => {
    const clock = testClock();
    // Three pools on PostgreSQL: three instances (SQLite: one process's connection).
    const pools = dialect === 'postgres' ? [createDb(t.database), createDb(t.database)] : [];
    try {
      const claims = [t.db, ...pools].map((db) => periodicClaims(db, clock, memoryLogger())('sweep', INTERVAL));
      const round = async () => (await Promise.all([...claims, ...claims].map((claim) => claim()))).filter(Boolean);
      expect(await round()).toHaveLength(1);
      clock.advance(INTERVAL / 2);
      expect(await round()).toHaveLength(0);
      clock.advance(INTERVAL / 2);
      expect(await round()).toHaveLength(1);
      // Another job has its own period.
      expect(await periodicClaims(t.db, clock, memoryLogger())('other', INTERVAL)()).toBe(true);
    } finally {
      await Promise.all(pools.map((db) => db.destroy()));
    }
  });

  it('claims nothing when the database cannot be reached, and says so', async () => {
    const logger = memoryLogger();
    const claim = periodicClaims(t.db, testClock(), logger)('sweep', INTERVAL);
    await t.db.schema.dropTable('periodic_runs').execute();
    expect(await claim()).toBe(false);
    expect(logger.entries[0]).toMatchObject({ level: 'warn', message: 'Periodic job not claimed' });
  });
});
