import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SETTING_DEFINITIONS } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootstrap, firstRunBanner } from './bootstrap.js';
import type { Config } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { cryptoIds } from './lib/crypto/ids.js';
import { memoryLogger } from './lib/logger.js';
import { createServices, type Services } from './services.js';
import { createStoreFactory } from './storage/stores.js';
import { testClock } from './test/clock.js';
import { dialects, openTestDb, testCrypto, type TestDb } from './test/harness.js';

describe.each(dialects)('first run (%s)', (dialect) => {
  let dir: string;
  let testDb: TestDb;
  let services: Services;
  const configWith = (admin: Config['admin']) => ({ admin, database: testDb.database }) as Config;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-boot-'));
    testDb = await openTestDb(dialect, dir);
    const crypto = testCrypto();
    const clock = testClock();
    const stores = createStoreFactory({ dataDir: dir, mac: crypto.mac, clock });
    services = createServices({ db: testDb.db, clock, ids: cryptoIds(), logger: memoryLogger(), crypto, stores });
  });
  afterEach(async () => {
    await testDb.db.destroy();
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the admin with a random strong password when none is configured, once', async () => {
    const first = await bootstrap(testDb.db, services, configWith({ username: 'admin', password: null }));
    expect(first.created).toBe(true);
    const password = first.generatedPassword ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(password).not.toBe('admin123');
    await expect(services.auth.login('1.1.1.1', { username: 'admin', password })).resolves.toMatchObject({
      username: 'admin',
    });
    await expect(services.auth.login('1.1.1.1', { username: 'admin', password: 'admin123' })).rejects.toMatchObject({
      code: 'INVALID_CREDENTIALS',
    });

    const again = await bootstrap(testDb.db, services, configWith({ username: 'admin', password: null }));
    expect(again).toEqual({ created: false, username: 'admin', generatedPassword: null });
    const admins = await testDb.db.selectFrom('admins').select(['username', 'password_hash']).execute();
    expect(admins).toHaveLength(1);
    expect(admins[0]?.password_hash.startsWith('scrypt$')).toBe(true);
  });

  it('generates a different password on every fresh install', async () => {
    await migrateToLatest(testDb.db);
    const a = await services.auth.ensureAdmin({ username: 'a', password: null });
    await testDb.db.deleteFrom('admins').execute();
    const b = await services.auth.ensureAdmin({ username: 'a', password: null });
    expect(a.generatedPassword).not.toBe(b.generatedPassword);
  });

  it('uses ADMIN_USERNAME and ADMIN_PASSWORD when configured and prints nothing', async () => {
    const result = await bootstrap(testDb.db, services, configWith({ username: 'boss', password: 'configured-pass' }));
    expect(result).toEqual({ created: true, username: 'boss', generatedPassword: null });
    await expect(services.auth.login('ip', { username: 'boss', password: 'configured-pass' })).resolves.toMatchObject({
      username: 'boss',
    });
  });

  it('seeds a row for every catalogued setting, with its default', async () => {
    await bootstrap(testDb.db, services, configWith({ username: 'admin', password: 'configured-pass' }));
    const rows = await testDb.db.selectFrom('settings').select(['key', 'value']).execute();
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    expect(stored).toEqual(Object.fromEntries(SETTING_DEFINITIONS.map((d) => [d.key, d.default])));
  });

  it('adds settings missing from an existing database and keeps stored values', async () => {
    await migrateToLatest(testDb.db);
    await testDb.db
      .insertInto('settings')
      .values({ key: 'site_title', value: 'Kept', updated_at: '2025-01-01T00:00:00.000Z' })
      .execute();
    await bootstrap(testDb.db, services, configWith({ username: 'admin', password: 'configured-pass' }));
    const rows = await testDb.db.selectFrom('settings').select(['key', 'value']).execute();
    expect(rows).toHaveLength(SETTING_DEFINITIONS.length);
    expect(rows.find((r) => r.key === 'site_title')?.value).toBe('Kept');
    expect(rows.find((r) => r.key === 'webdav_upload_mode')?.value).toBe('multipart');
  });
});

describe('firstRunBanner', () => {
  it('frames the username and password in a box', () => {
    const lines = firstRunBanner('admin', 'pw-123').split('\n');
    expect(lines[0]).toMatch(/^\+-+\+$/);
    expect(lines.at(-1)).toBe(lines[0]);
    expect(lines.some((l) => l.includes('Username: admin'))).toBe(true);
    expect(lines.some((l) => l.includes('Password: pw-123'))).toBe(true);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
