import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { StorageConfigCreateBody, StorageConfigUpdateBody } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import type { AdminActor } from '../../lib/auth/actor.js';
import { AppError } from '../../lib/errors.js';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { createStoreFactory } from '../../storage/stores.js';
import { testClock } from '../../test/clock.js';
import { dialects, openTestDb, testCrypto, type TestDb } from '../../test/harness.js';
import { createStorageConfigsService } from './storage-configs.service.js';
import type { StorageUsagePort } from './storage-configs.usage.js';

const admin: AdminActor = { type: 'admin', id: 'admin-1', username: 'admin' };

// The usage port is how the files module will block deleting a config in use and report usage;
// here a fake stands in for it.
describe.each(dialects)('storage-configs service with a usage port (%s)', (dialect) => {
  let dir: string;
  let testDb: TestDb;
  const shares = new Map<string, number>();
  const usage: StorageUsagePort = {
    countShares: async (id) => shares.get(id) ?? 0,
    usedBytes: async (ids) => new Map(ids.map((id) => [id, (shares.get(id) ?? 0) * 1000])),
  };

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-sc-'));
    testDb = await openTestDb(dialect, dir);
    await migrateToLatest(testDb.db);
    shares.clear();
  });
  afterEach(async () => {
    await testDb.db.destroy();
    await testDb.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const service = () => {
    const crypto = testCrypto();
    const clock = testClock();
    return createStorageConfigsService({
      db: testDb.db,
      clock,
      ids: cryptoIds(),
      crypto,
      stores: createStoreFactory({ dataDir: dir, mac: crypto.mac, clock }),
      usage,
    });
  };

  it('refuses to delete a config while file shares use it (409), and deletes it once they are gone', async () => {
    const configs = service();
    const config = await configs.create(
      admin,
      StorageConfigCreateBody.parse({ name: 'disk 2', storage_type: 'LOCAL' }),
    );
    shares.set(config.id, 2);
    const err = await configs.remove(admin, config.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      text: { en: '2 file share(s) still use this storage config' },
    });
    shares.delete(config.id);
    await configs.remove(admin, config.id);
    await expect(configs.get(admin, config.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('has a database guarantee of at most one default config', async () => {
    const configs = service();
    const config = await configs.create(
      admin,
      StorageConfigCreateBody.parse({ name: 'disk 2', storage_type: 'LOCAL' }),
    );
    await expect(
      testDb.db.updateTable('storage_configs').set({ is_default: 1 }).where('id', '=', config.id).execute(),
    ).rejects.toThrow();
    await configs.setDefault(admin, config.id);
    const defaults = await testDb.db.selectFrom('storage_configs').select('id').where('is_default', '=', 1).execute();
    expect(defaults).toEqual([{ id: config.id }]);
  });

  it('reports used bytes from the port in lists and single reads', async () => {
    const configs = service();
    shares.set('local', 3);
    expect(await configs.get(admin, 'local')).toMatchObject({ used_bytes: 3000 });
    expect((await configs.list(admin))[0]).toMatchObject({ id: 'local', used_bytes: 3000 });
  });

  it('opens the store of a config, reusing it until the config changes, and records last use', async () => {
    const configs = service();
    const first = await configs.storeFor('local');
    expect(first.store.kind).toBe('LOCAL');
    expect((await configs.storeFor('local')).store).toBe(first.store);
    expect(await configs.get(admin, 'local')).toMatchObject({ last_used: '2026-01-01T00:00:00.000Z' });
    await configs.update(admin, 'local', StorageConfigUpdateBody.parse({ name: 'Renamed' }));
    expect((await configs.storeFor('local')).store).not.toBe(first.store);
    await expect(configs.storeFor('missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists the plain-http origins the pages must allow: endpoints, virtual-hosted buckets and custom hosts', async () => {
    const configs = service();
    const s3 = (name: string, fields: Record<string, unknown>) =>
      configs.create(
        admin,
        StorageConfigCreateBody.parse({
          name,
          provider_type: 'Other S3 Compatible',
          bucket_name: 'shares',
          access_key_id: 'key-id-1234',
          secret_access_key: 'secret-value-1234',
          ...fields,
        }),
      );
    await s3('lan by path', { endpoint_url: 'http://minio.lan:9000', path_style: 1 });
    await s3('lan by host', {
      endpoint_url: 'http://nas.lan:9000',
      path_style: 0,
      custom_host: 'http://cdn.lan/files',
    });
    await s3('ip by host', { endpoint_url: 'http://192.168.1.20:9000', path_style: 0 });
    await s3('tls', { endpoint_url: 'https://s3.example.com', path_style: 0, custom_host: 'https://cdn.example.com' });
    expect((await configs.browserOrigins()).sort()).toEqual(
      ['http://192.168.1.20:9000', 'http://cdn.lan', 'http://minio.lan:9000', 'http://shares.nas.lan:9000'].sort(),
    );
  });
});
