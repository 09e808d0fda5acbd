import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { harnessPerTest } from '../../test/per-test.js';
import { s3Server } from '../../test/s3.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { fsCalls } from '../fs/fs.test-support.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { createTasksService } from '../tasks/tasks.module.js';
import { deferred } from '../tasks/tasks.test-support.js';
import { digestAt, installCopy, keysBelow, put, queueCopy, s3Mount, storeOf, taskRow } from './fs-copy.test-support.js';

/*
 * The size case: a folder of 200 files and one large file copied between LOCAL and MinIO — bytes
 * equal, progress counted, a cancel mid-way, a restart mid-way. The large file is 300 MB as the issue
 * asks (about 1 GB of disk; 66 s for the three tests on 2 shared cores against 38 s at 24 MB); the second
 * Node.js tier of `npm test`, which has proven the size already, sets DRIFTBOX_COPY_BIG=0 for 24 MB.
 */
const MiB = 1024 * 1024;
const BIG = process.env.DRIFTBOX_COPY_BIG === '0' ? 24 * MiB : 300 * MiB;
const SMALL = 200;
const smallKeys = Array.from({ length: SMALL }, (_, i) => `big/f${String(i).padStart(3, '0')}.bin`);
/** Keys sort `f…` before `huge.bin`: the large file is the last one a folder copy takes. */
const ALL = [...smallKeys, 'big/huge.bin'];

describe.skipIf(s3Server === null)(`copy of ${SMALL} files and ${BIG / MiB} MB (sqlite)`, () => {
  const h = harnessPerTest({ dialect: 'sqlite' });
  const fs = fsCalls(() => h);
  let disk: ObjectStore;
  let s3Store: ObjectStore;
  let s3Id: string;
  const digests = new Map<string, string>();

  beforeEach(async () => {
    disk = await storeOf(h, 'local');
    for (const [i, key] of smallKeys.entries()) {
      const bytes = randomBytes(4096 + i);
      digests.set(key, createHash('sha256').update(bytes).digest('hex'));
      await put(disk, key, bytes);
    }
    const hash = createHash('sha256');
    async function* generated() {
      for (let sent = 0; sent < BIG; sent += MiB) {
        const chunk = randomBytes(MiB);
        hash.update(chunk);
        yield chunk;
      }
    }
    await disk.put('big/huge.bin', Readable.from(generated()), { contentLength: BIG });
    digests.set('big/huge.bin', hash.digest('hex'));
    await mountCalls(() => h).created({ name: 'disk', mount_path: '/disk' });
    const s3 = await s3Mount(h, '/s3');
    s3Id = s3.config.id;
    s3Store = await storeOf(h, s3Id);
  });

  it(
    'copies there and back, bytes equal, progress with the current file, memory flat',
    { timeout: 600_000 },
    async () => {
      let taskId = '';
      let midway: { current: number; total: number; file: string | null } | null = null;
      installCopy(h.services.tasks, h, {
        [s3Id]: {
          async beforePut(_key, n) {
            if (n !== 101) return;
            const res = await h.call('GET', `/api/fs/tasks/${taskId}`, { headers: h.actors.admin() });
            const { stats, currentFile } = res.body.data as {
              stats: { processedItems: number; totalItems: number };
              currentFile: string | null;
            };
            midway = { current: stats.processedItems, total: stats.totalItems, file: currentFile };
          },
        },
      });
      const base = process.memoryUsage().rss;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
      try {
        taskId = await queueCopy(h, [{ sourcePath: '/disk/big', targetPath: '/s3/big' }]);
        await h.services.tasks.runOnce();
        const row = await taskRow(h, taskId);
        expect(row).toMatchObject({ status: 'completed', success_count: SMALL + 1, failure_count: 0 });
        expect([row.progress_current, row.progress_total].map(Number)).toEqual([SMALL + 1, SMALL + 1]);
        // At the 101st file: 100 done, of the files listed so far (pages of 7), the 100th the current one.
        expect(midway).toEqual({ current: 100, total: 105, file: '/disk/big/f099.bin' });
        const back = await queueCopy(h, [{ sourcePath: '/s3/big', targetPath: '/disk/back' }]);
        await h.services.tasks.runOnce();
        expect(await taskRow(h, back)).toMatchObject({ status: 'completed', success_count: SMALL + 1 });
      } finally {
        clearInterval(sampler);
      }
      for (const [key, digest] of digests) {
        expect(await digestAt(s3Store, key)).toBe(digest);
        expect(await digestAt(disk, key.replace('big/', 'back/'))).toBe(digest);
      }
      expect(peak - base).toBeLessThan(150 * MiB);
    },
  );

  it(
    'a cancel in the middle of the large file leaves nothing half-written in the target listing',
    { timeout: 120_000 },
    async () => {
      let taskId = '';
      installCopy(h.services.tasks, h, {
        // The large file's body waits until the cancel (through the route) has reached the handler.
        [s3Id]: {
          onFirstChunk: async (key) => {
            if (key !== 'big/huge.bin') return;
            const res = await h.call('POST', `/api/fs/tasks/${taskId}/cancel`, { headers: h.actors.admin() });
            expect(res.status, res.text).toBe(200);
          },
        },
      });
      taskId = await queueCopy(h, [{ sourcePath: '/disk/big', targetPath: '/s3/big' }]);
      await h.services.tasks.runOnce();
      expect(await taskRow(h, taskId)).toMatchObject({ status: 'cancelled', success_count: SMALL });
      const listed = await fs.list('/s3/big', h.actors.admin(), '&refresh=true');
      const names = (listed.body.data as { items: { name: string }[] }).items.map((i) => i.name);
      expect(names).toEqual(smallKeys.map((k) => k.slice('big/'.length)));
      expect((await keysBelow(s3Store, '')).sort()).toEqual(smallKeys);
    },
  );

  it(
    'a restart mid-way resumes on a new engine without copying finished files twice',
    { timeout: 120_000 },
    async () => {
      const reached = deferred();
      const release = deferred();
      // The first engine (the process that dies) hangs before its 101st put and stops heartbeating.
      const first = installCopy(h.services.tasks, h, {
        [s3Id]: {
          async beforePut(_key, n) {
            if (n !== 101) return;
            reached.resolve();
            await release.promise;
          },
        },
      });
      const restarted = createTasksService({
        db: h.db,
        clock: h.clock,
        ids: cryptoIds(),
        logger: memoryLogger(),
        taskOptions: { heartbeatMs: 3_600_000 },
      });
      const second = installCopy(restarted, h);
      const taskId = await queueCopy(h, [{ sourcePath: '/disk/big', targetPath: '/s3/big' }], false);
      const running = h.services.tasks.runOnce();
      await reached.promise;
      h.clock.advance(60_001);
      expect(await restarted.runOnce()).toBe(taskId);
      release.resolve();
      await running;

      // 100 files were done before the restart; the new engine put the other 101 (the large one included).
      expect(first.putsTo(s3Id)).toBe(101);
      expect(second.putsTo(s3Id)).toBe(SMALL + 1 - 100);
      expect(await taskRow(h, taskId)).toMatchObject({ status: 'completed', attempts: 2, success_count: SMALL + 1 });
      expect((await keysBelow(s3Store, '')).sort()).toEqual(ALL);
      for (const [key, digest] of digests) expect(await digestAt(s3Store, key)).toBe(digest);
    },
  );
});
