import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client.js';
import { testClock } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { testDbPerTest } from '../../test/per-test.js';
import { OWNER, testEngine, tick } from './tasks.test-support.js';

const TASKS = 24;

describe.each(dialects)('task claiming (%s)', (dialect) => {
  const t = testDbPerTest(dialect);

  it('two instances on one database racing for the queue run each task exactly once', async () => {
    const clock = testClock();
    // Two engines over two connection pools on PostgreSQL: two server instances. On SQLite, the
    // one process's engines share the connection, as two workers in one process would.
    const otherDb = dialect === 'postgres' ? createDb(t.database) : t.db;
    const instances = [testEngine(t.db, clock), testEngine(otherDb, clock)];
    const runs = new Map<string, string[]>();
    for (const engine of instances)
      engine.registerHandler('copy', async (ctx) => {
        runs.set(ctx.task.id, [...(runs.get(ctx.task.id) ?? []), engine.workerId]);
        await tick();
      });
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i += 1) ids.push((await instances[i % 2]!.enqueue('copy', { i }, OWNER)).id);

    await Promise.all(instances.map((engine) => engine.drain()));
    if (otherDb !== t.db) await otherDb.destroy();

    expect([...runs.keys()].sort()).toEqual([...ids].sort());
    expect([...runs.values()].filter((workers) => workers.length !== 1)).toEqual([]);
    const statuses = await t.db.selectFrom('fs_tasks').select('status').distinct().execute();
    expect(statuses).toEqual([{ status: 'completed' }]);
    if (dialect === 'postgres') {
      // Both instances worked: claims were spread, not serialised behind one lock.
      const workers = new Set([...runs.values()].map(([w]) => w));
      expect(workers.size).toBe(2);
    }
  });
});
