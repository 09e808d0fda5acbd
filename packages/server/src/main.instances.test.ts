import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from './db/migrate.js';
import { STARTUP_LOCK_KEY } from './db/startup-lock.js';
import { TEST_SECRET } from './test/harness.js';
import { freePort, start, waitFor, type Run } from './test/main-process.js';

const pgUrl = inject('pgUrl');
const INSTANCES = 3;

describe.skipIf(!pgUrl)('several instances starting at once on one fresh PostgreSQL database', () => {
  const runs: Run[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const run of runs.splice(0)) if (run.child.exitCode === null) run.child.kill('SIGKILL');
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('all become healthy; each migration is applied once; exactly one first-run admin', async () => {
    const database = `driftbox_instances_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl ?? '' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(pgUrl ?? '');
    url.pathname = `/${database}`;
    try {
      const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
      for (const port of ports) {
        const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-instance-'));
        dirs.push(dir);
        // No ADMIN_PASSWORD: each instance would generate (and print) its own first-run password.
        runs.push(
          start({
            DATA_DIR: dir,
            PORT: String(port),
            HOST: '127.0.0.1',
            DATABASE_URL: url.toString(),
            ENCRYPTION_SECRET: TEST_SECRET,
          }),
        );
      }
      await waitFor(() => runs.every((r) => r.output().includes('listening on') || r.child.exitCode !== null), 60_000);
      for (const run of runs) expect(run.child.exitCode, run.output()).toBeNull();
      for (const port of ports) {
        const health = await fetch(`http://127.0.0.1:${port}/api/health`);
        expect(health.status).toBe(200);
      }

      const printed = runs.map((r) => /Password: (\S+)/.exec(r.output())?.[1]).filter((p) => p !== undefined);
      expect(printed).toHaveLength(1);
      // The one printed password logs in on every instance: they share the admin.
      for (const port of ports) {
        const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: printed[0] }),
        });
        expect(login.status).toBe(200);
      }

      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      try {
        const migrations = await db.query<{ name: string }>('select name from kysely_migration order by name');
        expect(migrations.rows.map((r) => r.name)).toEqual(Object.keys(MIGRATIONS).sort());
        const admins = await db.query<{ n: string }>('select count(*) as n from admins');
        expect(Number(admins.rows[0]?.n)).toBe(1);
      } finally {
        await db.end();
      }
    } finally {
      for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGTERM');
      await Promise.all(runs.map((r) => r.exited));
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }, 180_000);

  it('waits for the start-up lock another instance holds before migrating', async () => {
    const database = `driftbox_lock_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl ?? '' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(pgUrl ?? '');
    url.pathname = `/${database}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1, hashtext(current_schema()))', [STARTUP_LOCK_KEY]);
      const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-instance-'));
      dirs.push(dir);
      const env = { DATA_DIR: dir, PORT: String(await freePort()), HOST: '127.0.0.1', DATABASE_URL: url.toString() };
      const run = start({ ...env, ENCRYPTION_SECRET: TEST_SECRET, ADMIN_PASSWORD: 'configured-pass' });
      runs.push(run);
      await new Promise((r) => setTimeout(r, 4000));
      expect(run.output()).not.toContain('listening on');
      const tables = await holder.query("select 1 from information_schema.tables where table_name = 'admins'");
      expect(tables.rowCount).toBe(0);
      await holder.query('select pg_advisory_unlock($1, hashtext(current_schema()))', [STARTUP_LOCK_KEY]);
      await waitFor(() => run.output().includes('listening on'), 30_000);
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      await holder.end();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
