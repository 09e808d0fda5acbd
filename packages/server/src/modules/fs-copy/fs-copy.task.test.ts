import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { s3Server } from '../../test/s3.js';
import {
  bytesAt,
  copyWorld,
  digestAt,
  FOLDER_KEYS,
  installCopy,
  keysBelow,
  queueCopy,
  taskRow,
} from './fs-copy.test-support.js';

// The copy task across stores: a folder of 50 files LOCAL → MinIO and back, and one large file.
describe.skipIf(s3Server === null).each(dialects)('the copy task across LOCAL and MinIO (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  it('copies a folder of 50 files LOCAL → MinIO and back page by page, bytes equal, reporting progress', async () => {
    const { disk, files, s3Id, s3Mount, s3Store } = await copyWorld(h);
    let midway: { current: number; total: number; file: string | null } | null = null;
    let taskId = '';
    const { writes, putsTo } = installCopy(h.services.tasks, h, {
      [s3Id]: {
        async beforePut(_key, n) {
          if (n !== 25) return;
          const row = await taskRow(h, taskId);
          midway = { current: Number(row.progress_current), total: Number(row.progress_total), file: row.current_file };
        },
      },
    });
    taskId = await queueCopy(h, [{ sourcePath: '/disk/dir', targetPath: '/s3/copied' }]);
    expect(await h.services.tasks.runOnce()).toBe(taskId);

    // At the 25th file: 24 done of the 28 listed so far (pages of 7), saved with the 24th.
    expect(midway).toEqual({ current: 24, total: 28, file: '/disk/dir/f23.txt' });
    const done = await taskRow(h, taskId);
    expect([Number(done.progress_current), Number(done.progress_total)]).toEqual([50, 50]);
    expect(done).toMatchObject({
      status: 'completed',
      success_count: 50,
      failure_count: 0,
      current_file: null,
    });
    expect(putsTo(s3Id)).toBe(50);
    expect(writes.notices).toEqual([{ mountId: s3Mount.id, paths: ['/s3/copied'] }]);
    expect((await keysBelow(s3Store, 'copied/')).sort()).toEqual(FOLDER_KEYS.map((k) => k.replace('dir/', 'copied/')));
    for (const [key, bytes] of files)
      expect((await bytesAt(s3Store, key.replace('dir/', 'copied/'))).equals(bytes)).toBe(true);

    const back = await queueCopy(h, [{ sourcePath: '/s3/copied', targetPath: '/disk/back' }]);
    expect(await h.services.tasks.runOnce()).toBe(back);
    expect(await taskRow(h, back)).toMatchObject({ status: 'completed', success_count: 50 });
    for (const [key, bytes] of files)
      expect((await bytesAt(disk, key.replace('dir/', 'back/'))).equals(bytes)).toBe(true);
  });

  it('streams a 30 MB file LOCAL → MinIO → LOCAL, bytes equal', async () => {
    const { disk, s3Id, s3Store } = await copyWorld(h);
    installCopy(h.services.tasks, h);
    const size = 30 * 1024 * 1024;
    const hash = createHash('sha256');
    async function* generated() {
      for (let sent = 0; sent < size; sent += 1024 * 1024) {
        const chunk = randomBytes(1024 * 1024);
        hash.update(chunk);
        yield chunk;
      }
    }
    await disk.put('big.bin', Readable.from(generated()), { contentLength: size });
    const digest = hash.digest('hex');

    const there = await queueCopy(h, [{ sourcePath: '/disk/big.bin', targetPath: '/s3/big.bin' }]);
    await h.services.tasks.runOnce();
    expect(await taskRow(h, there)).toMatchObject({ status: 'completed', success_count: 1 });
    expect((await s3Store.head('big.bin')).size).toBe(size);
    const back = await queueCopy(h, [{ sourcePath: '/s3/big.bin', targetPath: '/disk/big-back.bin' }]);
    await h.services.tasks.runOnce();
    expect(await taskRow(h, back)).toMatchObject({ status: 'completed', success_count: 1 });
    expect(await digestAt(disk, 'big-back.bin')).toBe(digest);
    expect(await digestAt(s3Store, 'big.bin')).toBe(digest);
    expect(s3Id).toBeTruthy();
  });
});
