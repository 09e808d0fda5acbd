import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Migrator, NO_MIGRATIONS, sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialects, openTestDb, ownTables } from '../test/harness.js';
import { testDbPerTest } from '../test/per-test.js';
import { dialectOf, isUniqueViolation } from './client.js';
import { MIGRATIONS, migrateToLatest } from './migrate.js';

const T0 = '2026-01-01T00:00:00.000Z';
const admin = (id: string, username: string) => ({ id, username, password_hash: 'h', created_at: T0, updated_at: T0 });

describe.each(dialects)('database (%s)', (dialect) => {
  const t = testDbPerTest(dialect, false);

  it('migrates an empty database to the latest version, then has nothing to do', async () => {
    expect(await migrateToLatest(t.db)).toEqual(Object.keys(MIGRATIONS));
    expect(await migrateToLatest(t.db)).toEqual([]);
    const tables = (await ownTables(t.db)).map((x) => x.name).sort();
    expect(tables).toEqual([
      'admin_sessions',
      'admins',
      'api_keys',
      'files',
      'fs_listing_versions',
      'fs_search_index',
      'fs_search_mounts',
      'fs_tasks',
      'fs_uploads',
      'object_purges',
      'pastes',
      'periodic_runs',
      'rate_limits',
      'settings',
      'storage_configs',
      'storage_mounts',
      'upload_jobs',
      'webdav_locks',
      'webdav_properties',
    ]);
    expect(dialectOf(t.db)).toBe(dialect);
  });

  it('migrates down to an empty database and up again', async () => {
    await migrateToLatest(t.db);
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => MIGRATIONS } });
    // Every migration's `down`, newest first, must leave nothing behind.
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    expect(await ownTables(t.db)).toEqual([]);
    expect(await migrateToLatest(t.db)).toEqual(Object.keys(MIGRATIONS));
  });

  describe('after migration', () => {
    beforeEach(async () => {
      await migrateToLatest(t.db);
    });

    it('cascades admin deletion to its sessions (foreign keys are enforced)', async () => {
      await t.db.insertInto('admins').values(admin('a1', 'one')).execute();
      await t.db
        .insertInto('admin_sessions')
        .values({ token_hash: 'h1', admin_id: 'a1', expires_at: T0, created_at: T0 })
        .execute();
      await expect(
        t.db
          .insertInto('admin_sessions')
          .values({ token_hash: 'h2', admin_id: 'missing', expires_at: T0, created_at: T0 })
          .execute(),
      ).rejects.toThrow();
      await t.db.deleteFrom('admins').where('id', '=', 'a1').execute();
      expect(await t.db.selectFrom('admin_sessions').selectAll().execute()).toEqual([]);
    });

    it('reports unique violations the same way in both dialects', async () => {
      await t.db.insertInto('admins').values(admin('a1', 'same')).execute();
      const err = await t.db
        .insertInto('admins')
        .values(admin('a2', 'same'))
        .execute()
        .catch((e: unknown) => e);
      expect(isUniqueViolation(err)).toBe(true);
      expect(isUniqueViolation(new Error('other'))).toBe(false);
    });

    it('applies the api_keys column defaults', async () => {
      await sql`insert into api_keys (id, name, key_hash, key_encrypted, key_prefix, created_at, updated_at)
                values ('k', 'n', 'h', 'e', 'p', ${T0}, ${T0})`.execute(t.db);
      const row = await t.db.selectFrom('api_keys').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        permissions: 0,
        role: 'GENERAL',
        basic_path: '/',
        is_guest: 0,
        is_enable: 1,
        expires_at: null,
        last_used: null,
      });
    });

    it('keeps ISO timestamps as text that orders chronologically', async () => {
      const stamps = ['2026-01-02T00:00:00.000Z', '2025-12-31T23:59:59.999Z', '2026-01-01T12:00:00.000Z'];
      for (const [i, s] of stamps.entries())
        await t.db
          .insertInto('admins')
          .values({ ...admin(`a${i}`, `u${i}`), created_at: s })
          .execute();
      const rows = await t.db
        .selectFrom('admins')
        .select('created_at')
        .where('created_at', '>', T0)
        .orderBy('created_at')
        .execute();
      expect(rows.map((r) => r.created_at)).toEqual(['2026-01-01T12:00:00.000Z', '2026-01-02T00:00:00.000Z']);
    });
  });
});

describe('sqlite connection', () => {
  it('runs in WAL mode with foreign keys on and a busy timeout', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-db-'));
    const t = await openTestDb('sqlite', dir);
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(t.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
    } finally {
      await t.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
