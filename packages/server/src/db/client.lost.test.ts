import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, openTestDb } from '../test/harness.js';

// A PostgreSQL restart ends every connection. One the pool has handed out emits 'error' while no query
// runs on it; without a listener of its own that event ended the whole process (found by the instance
// restart test). Only the work on that connection may fail.
describe.skipIf(!dialects.includes('postgres'))('a PostgreSQL connection lost while in use', () => {
  it('fails only the work on it; the process goes on and the next query gets a new connection', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-lost-'));
    const t = await openTestDb('postgres', dir);
    try {
      const held = t.db.connection().execute(async (conn) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(conn);
        // Ended from another connection of the pool while this one is held but idle.
        await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(t.db);
        await sleep(300);
        return sql`select 1 as one`.execute(conn);
      });
      await expect(held).rejects.toThrow();
      expect((await sql<{ one: number }>`select 1 as one`.execute(t.db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await t.db.destroy();
      await t.drop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
