import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { MIGRATIONS } from './db/migrate.js';
import { STARTUP_LOCK_KEY } from './db/startup-lock.js';
import { bundledMain, startInstance, type Instance } from './test/instances.js';

const pgUrl = inject('pgUrl');
const INSTANCES = 3;

describe.skipIf(!pgUrl)('several instances starting at once on one fresh PostgreSQL database', () => {
  const instances: Instance[] = [];
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((i) => i.stop('SIGKILL')));
  });

  it('all become healthy; each migration is applied once; exactly one first-run admin', async () => {
    const database = `driftbox_instances_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl ?? '' });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(pgUrl ?? '');
    url.pathname = `/${database}`;
    try {
      // No ADMIN_PASSWORD: each instance would generate (and print) its own first-run password.
      instances.push(
        ...(await Promise.all(
          Array.from({ length: INSTANCES }, () => startInstance({ DATABASE_URL: url.toString(), ADMIN_PASSWORD: '' })),
        )),
      );
      for (const instance of instances) {
        const health = await fetch(`${instance.base}/api/health`);
        expect(health.status).toBe(200);
      }

      const printed = instances.map((i) => /Password: (\S+)/.exec(i.run.output())?.[1]).filter((p) => p !== undefined);
      expect(printed).toHaveLength(1);
      // The one printed password logs in on every instance: they share the admin.
      for (const instance of instances) {
        const login = await fetch(`${instance.base}/api/admin/login`, {
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
      await Promise.all(instances.map((i) => i.stop('SIGTERM')));
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
      await bundledMain();
      const starting = startInstance({ DATABASE_URL: url.toString(), ADMIN_PASSWORD: 'configured-pass' });
      let started: Instance | null = null;
      void starting.then(
        (i) => (started = i),
        () => {},
      );
      await new Promise((r) => setTimeout(r, 4000));
      expect(started).toBeNull();
      const tables = await holder.query("select 1 from information_schema.tables where table_name = 'admins'");
      expect(tables.rowCount).toBe(0);
      await holder.query('select pg_advisory_unlock($1, hashtext(current_schema()))', [STARTUP_LOCK_KEY]);
      const instance = await starting;
      instances.push(instance);
      expect(await instance.stop('SIGTERM')).toBe(0);
    } finally {
      await holder.end();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  }, 60_000);
});
