import type { TaskDto } from '@driftbox/contract';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cryptoIds } from '../../lib/crypto/ids.js';
import { memoryLogger } from '../../lib/logger.js';
import { StorageError } from '../../storage/errors.js';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { s3Server } from '../../test/s3.js';
import { createTasksService } from '../tasks/tasks.module.js';
import {
  bytesAt,
  copyWorld,
  existsAt,
  FOLDER_KEYS,
  installCopy,
  keysBelow,
  queueCopy,
  taskRow,
} from './fs-copy.test-support.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

// How a copy task stops and goes on: cancel, a worker lost mid-way, a file that cannot be read.
describe.skipIf(s3Server === null).each(dialects)('the copy task stopped and resumed (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  it.each(['LOCAL → MinIO', 'MinIO → LOCAL'])(
    'a cancel mid-way through a file (%s) stops the handler and leaves no partial object',
    async (direction) => {
      const { disk, s3Id, s3Store } = await copyWorld(h);
      const toS3 = direction === 'LOCAL → MinIO';
      const [source, target] = toS3 ? [disk, s3Store] : [s3Store, disk];
      const size = 8 * 1024 * 1024;
      await source.put('big.bin', Readable.from([randomBytes(size)]), { contentLength: size });
      let taskId = '';
      let signalled = false;
      const { putsTo } = installCopy(h.services.tasks, h, {
        [toS3 ? s3Id : 'local']: {
          // The body waits until the cancel has reached the handler.
          onFirstChunk: () => {
            signalled = true;
            return h.services.tasks.cancel(h.adminActor, taskId);
          },
        },
      });
      const [from, to] = toS3 ? ['/disk', '/s3'] : ['/s3', '/disk'];
      taskId = await queueCopy(h, [
        { sourcePath: `${from}/big.bin`, targetPath: `${to}/copy.bin` },
        { sourcePath: `${from}/big.bin`, targetPath: `${to}/never.bin` },
      ]);
      await h.services.tasks.runOnce();
      expect(signalled).toBe(true);
      expect(putsTo(toS3 ? s3Id : 'local')).toBe(1);
      expect(await taskRow(h, taskId)).toMatchObject({ status: 'cancelled', success_count: 0 });
      expect(await existsAt(target, 'copy.bin')).toBe(false);
      expect(await existsAt(target, 'never.bin')).toBe(false);
      expect((await keysBelow(target, '')).filter((k) => !k.startsWith('dir/'))).toEqual([]);
    },
  );

  it('after its worker is lost, another instance resumes from the checkpoint without copying finished files again', async () => {
    const { files, s3Id, s3Store } = await copyWorld(h);
    const reached = deferred();
    const release = deferred();
    // The first instance stalls before its 20th put, then loses its lease.
    installCopy(h.services.tasks, h, {
      [s3Id]: {
        async beforePut(_key, n) {
          if (n !== 20) return;
          reached.resolve();
          await release.promise;
        },
      },
    });
    const other = createTasksService({
      db: h.db,
      clock: h.clock,
      ids: cryptoIds(),
      logger: memoryLogger(),
      taskOptions: { heartbeatMs: 3_600_000 },
    });
    const resumed = installCopy(other, h);
    // Replacing files that exist: a second copy of a finished file would be a put of its own.
    const taskId = await queueCopy(h, [{ sourcePath: '/disk/dir', targetPath: '/s3/dir' }], false);
    const first = h.services.tasks.runOnce();
    await reached.promise;

    h.clock.advance(60_001);
    expect(await other.runOnce()).toBe(taskId);
    expect(resumed.putsTo(s3Id)).toBe(31);
    release.resolve();
    await first;

    const row = await taskRow(h, taskId);
    expect(row).toMatchObject({ status: 'completed', attempts: 2, success_count: 50, failure_count: 0 });
    expect([Number(row.progress_current), Number(row.progress_total)]).toEqual([50, 50]);
    expect((await keysBelow(s3Store, 'dir/')).sort()).toEqual(FOLDER_KEYS);
    for (const [key, bytes] of files) expect((await bytesAt(s3Store, key)).equals(bytes)).toBe(true);
  });

  it('a file that cannot be read fails alone (partial); retry copies only it', async () => {
    const { s3Id, s3Store, files } = await copyWorld(h);
    let deny = true;
    const { putsTo } = installCopy(h.services.tasks, h, {
      local: {
        beforeGet(key) {
          if (deny && key === 'dir/f03.txt') throw new StorageError('ACCESS_DENIED');
        },
      },
    });
    const taskId = await queueCopy(h, [{ sourcePath: '/disk/dir', targetPath: '/s3/dir' }]);
    await h.services.tasks.runOnce();
    const get = async () =>
      (await h.call('GET', `/api/fs/tasks/${taskId}`, { headers: h.actors.admin() })).body.data as TaskDto;
    expect(await get()).toMatchObject({
      status: 'partial',
      stats: { totalItems: 50, processedItems: 50, successCount: 49, failedCount: 1 },
      failedItems: [
        {
          item: { sourcePath: '/disk/dir/f03.txt', targetPath: '/s3/dir/f03.txt' },
          reason: 'The storage refused access',
        },
      ],
    });
    expect(await existsAt(s3Store, 'dir/f03.txt')).toBe(false);
    expect(putsTo(s3Id)).toBe(49);

    deny = false;
    const retry = await h.call('POST', `/api/fs/tasks/${taskId}/retry`, { headers: h.actors.admin() });
    expect(retry.status, retry.text).toBe(200);
    await h.services.tasks.runOnce();
    expect(await get()).toMatchObject({
      status: 'completed',
      payload: { items: [{ sourcePath: '/disk/dir/f03.txt', targetPath: '/s3/dir/f03.txt' }], skipExisting: true },
      stats: { successCount: 1, failedCount: 0 },
    });
    expect(putsTo(s3Id)).toBe(50);
    expect((await bytesAt(s3Store, 'dir/f03.txt')).equals(files.get('dir/f03.txt')!)).toBe(true);
  });
});
