import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { harnessPerTest } from '../../test/per-test.js';
import { s3Server } from '../../test/s3.js';
import { digestAt, installCopy, put, queueCopy, s3Mount, storeOf, taskRow } from './fs-copy.test-support.js';
import { mountCalls } from '../mounts/mounts.test-support.js';

/*
 * The size case, opt-in (DRIFTBOX_COPY_BIG=1; a minute and ~1 GB of disk): a folder of 200 files
 * and one of 300 MB copied LOCAL → MinIO → LOCAL, bytes equal, progress counted, the peak RSS growth
 * sampled while it runs (memory stays flat: bodies stream).
 */
const BIG = 300 * 1024 * 1024;

describe.runIf(process.env.DRIFTBOX_COPY_BIG === '1' && s3Server !== null)('copy of 200 files and 300 MB', () => {
  const h = harnessPerTest({ dialect: 'sqlite' });

  it('copies there and back with bytes equal and memory flat', { timeout: 600_000 }, async () => {
    const disk = await storeOf(h, 'local');
    const digests = new Map<string, string>();
    for (let i = 0; i < 200; i += 1) {
      const bytes = randomBytes(4096 + i);
      digests.set(`big/f${i}.bin`, createHash('sha256').update(bytes).digest('hex'));
      await put(disk, `big/f${i}.bin`, bytes);
    }
    const hash = createHash('sha256');
    async function* generated() {
      for (let sent = 0; sent < BIG; sent += 1024 * 1024) {
        const chunk = randomBytes(1024 * 1024);
        hash.update(chunk);
        yield chunk;
      }
    }
    await disk.put('big/huge.bin', Readable.from(generated()), { contentLength: BIG });
    digests.set('big/huge.bin', hash.digest('hex'));
    await mountCalls(() => h).created({ name: 'disk', mount_path: '/disk' });
    const s3 = await s3Mount(h, '/s3');
    const s3Store = await storeOf(h, s3.config.id);
    installCopy(h.services.tasks, h);

    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    try {
      const there = await queueCopy(h, [{ sourcePath: '/disk/big', targetPath: '/s3/big' }]);
      await h.services.tasks.runOnce();
      const row = await taskRow(h, there);
      expect(row).toMatchObject({ status: 'completed', success_count: 201 });
      expect(Number(row.progress_total)).toBe(201);
      const back = await queueCopy(h, [{ sourcePath: '/s3/big', targetPath: '/disk/back' }]);
      await h.services.tasks.runOnce();
      expect(await taskRow(h, back)).toMatchObject({ status: 'completed', success_count: 201 });
    } finally {
      clearInterval(sampler);
    }
    for (const [key, digest] of digests) {
      expect(await digestAt(s3Store, key)).toBe(digest);
      expect(await digestAt(disk, key.replace('big/', 'back/'))).toBe(digest);
    }
    console.log(`copy of 200 files + 300 MB: peak RSS growth ${((peak - base) / 1048576).toFixed(0)} MB`);
    expect(peak - base).toBeLessThan(150 * 1024 * 1024);
  });
});
