import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@driftbox/contract';
import { API_CACHE_PREFIX, CACHE_MAX_AGE_MS, cleanUp, clearCachedRecords, createOfflineDb, dbVersion } from './db';
import { enqueue } from './queue';

const DAY = 24 * 60 * 60 * 1000;
let counter = 0;
const opened: ReturnType<typeof createOfflineDb>[] = [];
function freshDb(version?: string) {
  const db = createOfflineDb(`test-db-${++counter}`, version);
  opened.push(db);
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

describe('offline database version', () => {
  it('is 1000 × major + 100 × minor + 10 × patch + 5 of the app version (spec §3)', () => {
    expect(dbVersion('0.7.9')).toBe(795);
    expect(dbVersion('0.1.0')).toBe(105);
    expect(dbVersion('1.2.3')).toBe(1235);
    expect(dbVersion('2.0.0-beta.1')).toBe(2005);
  });

  it('opens IndexedDB at the version derived from APP_VERSION with the stores of spec §3', async () => {
    const db = freshDb();
    await db.open();
    expect(db.verno).toBe(dbVersion(APP_VERSION));
    expect(db.tables.map((table) => table.name).sort()).toEqual([
      'directories',
      'files',
      'offlineQueue',
      'pastes',
      'searchHistory',
      'settings',
    ]);
    expect(db.offlineQueue.schema.primKey.auto).toBe(true);
    expect(db.pastes.schema.primKey.keyPath).toBe('slug');
    expect(db.directories.schema.primKey.keyPath).toBe('path');
  });

  it('a newer app version upgrades the same database and keeps what it holds', async () => {
    const name = `test-db-${++counter}`;
    const old = createOfflineDb(name, '0.1.0');
    await old.pastes.put({ slug: 'kept', cachedAt: 1, data: { content: 'x' } });
    old.close();
    const next = createOfflineDb(name, '0.2.0');
    opened.push(next);
    await next.open();
    expect(next.verno).toBe(205);
    expect(await next.pastes.get('kept')).toMatchObject({ data: { content: 'x' } });
  });
});

describe('clean-up after 7 days', () => {
  it('removes cached pastes, files, directories and api_cache_ settings older than 7 days, and nothing else', async () => {
    const db = freshDb();
    const now = Date.UTC(2026, 10, 27);
    const old = now - CACHE_MAX_AGE_MS - 1;
    const fresh = now - 6 * DAY;
    await db.pastes.bulkPut([
      { slug: 'old', cachedAt: old, data: 1 },
      { slug: 'fresh', cachedAt: fresh, data: 2 },
    ]);
    await db.files.put({ slug: 'old-file', cachedAt: old, data: 1 });
    await db.directories.put({ path: '/old/', cachedAt: old, data: [] });
    await db.settings.bulkPut([
      { key: `${API_CACHE_PREFIX}old`, cachedAt: old, data: 1 },
      { key: `${API_CACHE_PREFIX}fresh`, cachedAt: fresh, data: 1 },
      // Not a cached page: a preference the clean-up must not touch, however old.
      { key: 'install-dismissed', cachedAt: old, data: 1 },
    ]);
    // A write queued long ago is still the user's.
    await enqueue(
      { type: 'createPaste', endpoint: '/api/paste', method: 'POST', data: {}, authToken: null, authType: 'none' },
      db,
      old,
    );

    expect(await cleanUp(db, now)).toEqual({ pastes: 1, files: 1, directories: 1, settings: 1 });
    expect((await db.pastes.toArray()).map((row) => row.slug)).toEqual(['fresh']);
    expect(await db.files.count()).toBe(0);
    expect(await db.directories.count()).toBe(0);
    expect((await db.settings.toArray()).map((row) => row.key).sort()).toEqual([
      `${API_CACHE_PREFIX}fresh`,
      'install-dismissed',
    ]);
    expect(await db.offlineQueue.count()).toBe(1);
  });

  it('sign-out forgets every cached page but keeps the queue', async () => {
    const db = freshDb();
    await db.pastes.put({ slug: 'a', cachedAt: 1, data: 1 });
    await db.settings.bulkPut([
      { key: `${API_CACHE_PREFIX}x`, cachedAt: 1, data: 1 },
      { key: 'other', cachedAt: 1, data: 1 },
    ]);
    await enqueue({ type: 'clearCache', endpoint: '/x', method: 'POST', authToken: 'Bearer t', authType: 'admin' }, db);
    await clearCachedRecords(db);
    expect(await db.pastes.count()).toBe(0);
    expect((await db.settings.toArray()).map((row) => row.key)).toEqual(['other']);
    expect(await db.offlineQueue.count()).toBe(1);
  });
});
