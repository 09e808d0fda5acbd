import type { TaskDto } from '@driftbox/contract';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createDb } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { dialects, testCrypto, type Harness } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { fsCalls, storageKinds } from '../fs/fs.test-support.js';
import { deferred, TEST_TASK_OPTIONS } from '../tasks/tasks.test-support.js';
import {
  bytesAt,
  copyWorld,
  FOLDER_KEYS,
  keysBelow,
  queueCopy,
  taskRow,
  watched,
  type StoreHooks,
} from './fs-copy.test-support.js';
import { s3Server } from '../../test/s3.js';

/**
 * Instance B: the whole app again on the database and storage folder of the harness (instance A), as a
 * second process behind a balancer would be — on PostgreSQL with its own connection pool.
 */
function secondInstance(h: Harness, pools: Kysely<Database>[]) {
  const db = h.dialect === 'postgres' ? createDb(h.config.database) : h.db;
  if (db !== h.db) pools.push(db);
  const { app, services } = createApp({
    config: h.config,
    db,
    clock: h.clock,
    ids: cryptoIds(),
    logger: memoryLogger(),
    crypto: testCrypto(),
    taskOptions: TEST_TASK_OPTIONS,
  });
  const names = async (path: string) => {
    const res = await app.request(`/api/fs/list?path=${encodeURIComponent(path)}`, { headers: h.actors.admin() });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { items: { name: string }[] } }).data.items.map((i) => i.name);
  };
  return { app, services, names };
}

// Issue 26's proof "two server instances on one PostgreSQL" (also on one SQLite file): writes through one
// instance are listed by the other at once; a task queued on one runs once, on whichever claims it.
describe.each(dialects)('two instances on one database (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const fs = fsCalls(() => h);
  const pools: Kysely<Database>[] = [];
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((db) => db.destroy()));
  });

  it.each(storageKinds)('upload, rename and remove on A are listed by B at once (%s)', async (kind) => {
    const config = await fs.configFor(kind);
    await fs.mount(config, '/m', { cache_ttl: 300 });
    await fs.seed(config, { 'docs/keep.txt': 'k', 'old.txt': 'o' });
    const b = secondInstance(h, pools);
    expect(await b.names('/m')).toEqual(['docs', 'old.txt']);
    expect(await b.names('/m/docs')).toEqual(['keep.txt']);

    expect((await fs.upload('/m/docs', 'new.txt', 'n')).status).toBe(201);
    expect(await b.names('/m/docs')).toEqual(['keep.txt', 'new.txt']);
    const renamed = await fs.post('/api/fs/rename', { oldPath: '/m/old.txt', newPath: '/m/renamed.txt' });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await b.names('/m')).toEqual(['docs', 'renamed.txt']);
    const removed = await fs.post('/api/fs/batch-remove', { paths: ['/m/docs/keep.txt'] });
    expect(removed.status, removed.text).toBe(200);
    expect(await b.names('/m/docs')).toEqual(['new.txt']);

    // A folder delete queued on A and run by B's worker: A lists the result at once.
    const queued = await fs.post('/api/fs/batch-remove', { paths: ['/m/docs'] });
    expect(queued.status, queued.text).toBe(202);
    expect(await b.services.tasks.runOnce()).toBe((queued.body.data as { jobId: string }).jobId);
    expect(await fs.names('/m')).toEqual(['renamed.txt']);
    expect(await b.names('/m')).toEqual(['renamed.txt']);
  });

  describe.skipIf(s3Server === null)('tasks', () => {
    /**
     * The puts each instance's copy handler makes into the MinIO config: its real store, counted (and held
     * by `beforePut`, when given) — the handlers, the task engines and the routes are the apps' own.
     */
    function countPuts(b: ReturnType<typeof secondInstance>, s3Id: string, hooks: { a?: StoreHooks } = {}) {
      const puts = { a: [] as string[], b: [] as string[] };
      for (const [name, services] of [
        ['a', h.services],
        ['b', b.services],
      ] as const) {
        const { storeFor } = services.storageConfigs;
        services.storageConfigs.storeFor = async (id: string) => {
          const found = await storeFor(id);
          if (id !== s3Id) return found;
          const hold = name === 'a' ? hooks.a?.beforePut : undefined;
          const store = watched(found.store, {
            beforePut: async (key, n) => {
              puts[name].push(key);
              await hold?.(key, n);
            },
          });
          return { ...found, store };
        };
      }
      return puts;
    }

    it('a copy queued on A runs exactly once while both workers poll', async () => {
      const { files, s3Id, s3Store } = await copyWorld(h);
      const b = secondInstance(h, pools);
      const puts = countPuts(b, s3Id);
      const taskId = await queueCopy(h, [{ sourcePath: '/disk/dir', targetPath: '/s3/dir' }], false);
      // Both workers poll the queue at once, several passes each.
      const ran = await Promise.all([
        h.services.tasks.runOnce(),
        b.services.tasks.runOnce(),
        h.services.tasks.runOnce(),
        b.services.tasks.runOnce(),
      ]);
      expect(ran.filter((id) => id === taskId)).toHaveLength(1);
      expect(await Promise.all([h.services.tasks.runOnce(), b.services.tasks.runOnce()])).toEqual([null, null]);

      const row = await taskRow(h, taskId);
      expect(row).toMatchObject({ status: 'completed', attempts: 1, success_count: 50, failure_count: 0 });
      expect([row.progress_current, row.progress_total].map(Number)).toEqual([50, 50]);
      expect([...puts.a, ...puts.b].sort()).toEqual(FOLDER_KEYS);
      expect(puts.a.length === 0 || puts.b.length === 0).toBe(true);
      expect((await keysBelow(s3Store, 'dir/')).sort()).toEqual(FOLDER_KEYS);
      for (const [key, bytes] of files) expect((await bytesAt(s3Store, key)).equals(bytes)).toBe(true);
      // B answers for the task as A does: one completion, seen from both.
      const onB = await b.app.request(`/api/fs/tasks/${taskId}`, { headers: h.actors.admin() });
      const dto = ((await onB.json()) as { data: TaskDto }).data;
      expect(dto).toMatchObject({ status: 'completed', stats: { successCount: 50, failedCount: 0 } });
    });

    it('a task whose worker died (lease expired) is picked up by the other instance', async () => {
      const { files, s3Id, s3Store } = await copyWorld(h);
      const b = secondInstance(h, pools);
      const reached = deferred();
      const release = deferred();
      let count = 0;
      // A's worker hangs before its 20th put and stops heartbeating (the test's heartbeat never fires).
      const puts = countPuts(b, s3Id, {
        a: {
          async beforePut() {
            count += 1;
            if (count !== 20) return;
            reached.resolve();
            await release.promise;
          },
        },
      });
      const taskId = await queueCopy(h, [{ sourcePath: '/disk/dir', targetPath: '/s3/dir' }], false);
      const onA = h.services.tasks.runOnce();
      await reached.promise;
      // While A's lease holds, B leaves the task alone; once it has expired, B takes it over.
      expect(await b.services.tasks.runOnce()).toBeNull();
      h.clock.advance(60_001);
      expect(await b.services.tasks.runOnce()).toBe(taskId);
      release.resolve();
      await onA;

      const row = await taskRow(h, taskId);
      expect(row).toMatchObject({ status: 'completed', attempts: 2, success_count: 50, failure_count: 0 });
      // B resumed from A's checkpoint (19 files done): it copied only the 31 files A had not finished.
      expect(puts.a).toHaveLength(20);
      expect(puts.b).toHaveLength(31);
      expect(new Set([...puts.a.slice(0, 19), ...puts.b]).size).toBe(50);
      expect((await keysBelow(s3Store, 'dir/')).sort()).toEqual(FOLDER_KEYS);
      for (const [key, bytes] of files) expect((await bytesAt(s3Store, key)).equals(bytes)).toBe(true);
    });
  });
});
