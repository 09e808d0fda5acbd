import type { FileDetailDto, FilePresignDto } from '@driftbox/contract';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../lib/logger.js';
import { fileRow, localKeys, seedFile } from '../modules/files/files.test-support.js';
import { createHarness, dialects, type Harness } from '../test/harness.js';
import { startUploadCleanup, UPLOAD_CLEANUP_INTERVAL_MS } from './upload-cleanup.js';

describe('upload cleanup job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every step at start and on each interval; a failing step does not stop the others', async () => {
    vi.useFakeTimers();
    const logger = memoryLogger();
    const files = {
      purgeAbandoned: vi.fn().mockRejectedValue(new Error('storage down')),
      purgeDead: vi.fn().mockResolvedValue(2),
      purgeReuploads: vi.fn().mockResolvedValue(0),
      sweepLeftovers: vi.fn().mockResolvedValue(0),
    };
    const urlFetches = { sweep: vi.fn().mockResolvedValue(0) };
    const job = startUploadCleanup({ files, urlFetches, logger });
    await vi.advanceTimersByTimeAsync(0);
    expect(files.purgeDead).toHaveBeenCalledTimes(1);
    expect(urlFetches.sweep).toHaveBeenCalledTimes(1);
    expect(logger.entries).toEqual([
      { level: 'error', message: 'Upload cleanup failed: abandoned uploads', fields: { error: 'storage down' } },
      { level: 'info', message: 'Cleaned up file shares', fields: { abandoned: 0, dead: 2 } },
    ]);
    await vi.advanceTimersByTimeAsync(UPLOAD_CLEANUP_INTERVAL_MS);
    expect(files.purgeDead).toHaveBeenCalledTimes(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(3 * UPLOAD_CLEANUP_INTERVAL_MS);
    expect(files.purgeDead).toHaveBeenCalledTimes(2);
  });
});

describe.each(dialects)('upload cleanup against the database (%s)', (dialect) => {
  let h: Harness;
  afterEach(async () => {
    await h.close();
  });

  it('purges expired shares and used-up ones once the last token expired, with their objects', async () => {
    h = await createHarness({ dialect });
    const expiring: FileDetailDto = await seedFile(h, { name: 'a.txt', query: { expires_in: '1' } });
    const limited = await seedFile(h, { name: 'b.txt', query: { max_views: '1' } });
    const kept = await seedFile(h, { name: 'c.txt' });
    await h.call('GET', `/api/public/files/${limited.slug}`);
    const job = startUploadCleanup({
      files: h.services.fileCleanup,
      urlFetches: h.services.urlFetch,
      logger: memoryLogger(),
    });
    try {
      expect(await job.runOnce()).toEqual({ abandoned: 0, dead: 0, reuploads: 0, leftovers: 0, jobs: 0, fsUploads: 0 });
      h.clock.advance(3600_000 + 1);
      expect(await job.runOnce()).toMatchObject({ dead: 2 });
      expect(await fileRow(h, expiring.id)).toBeUndefined();
      expect(await fileRow(h, limited.id)).toBeUndefined();
      expect(await localKeys(h)).toEqual([kept.storage_path]);
    } finally {
      await job.stop();
    }
  });

  it('sweeps what a crash left in LOCAL storage: temp files of cut-short writes, multipart uploads without a record', async () => {
    h = await createHarness({ dialect });
    const root = path.join(h.config.dataDir, 'storage', 'local');
    const { store } = await h.services.storageConfigs.storeFor('local');
    const started = await h.call('POST', '/api/upload/multipart/init', {
      headers: h.actors.admin(),
      body: { filename: 'live.bin', size: 10, partSize: 5 * 1024 * 1024, partCount: 1 },
    });
    expect(started.status).toBe(200);
    // A multipart upload whose record was lost (the process died between storage and database).
    await store.createMultipart('lost.bin');
    await mkdir(path.join(root, 'tmp'), { recursive: true });
    const at = (ms: number) => new Date(h.clock.now().getTime() + ms);
    await writeFile(path.join(root, 'tmp', 'cut-short'), 'partial');
    await utimes(path.join(root, 'tmp', 'cut-short'), at(-3 * 3600_000), at(-3 * 3600_000));
    await writeFile(path.join(root, 'tmp', 'writing'), 'partial');
    await utimes(path.join(root, 'tmp', 'writing'), at(-60_000), at(-60_000));
    expect(await h.services.fileCleanup.sweepLeftovers()).toBe(1);
    expect(await readdir(path.join(root, 'tmp'))).toEqual(['writing']);
    expect(await readdir(path.join(root, 'uploads'))).toHaveLength(2);
    // Eight days on: every upload with a record was aborted by then (purgeAbandoned), the one without is swept too.
    h.clock.advance(8 * 24 * 3600_000 + 1);
    expect(await h.services.fileCleanup.purgeAbandoned()).toBe(1);
    // The lost upload and the temp file no longer written to.
    expect(await h.services.fileCleanup.sweepLeftovers()).toBe(2);
    expect(await readdir(path.join(root, 'uploads'))).toEqual([]);
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('removes multipart uploads idle for two hours (URLs live one, parts in flight get another), including their parts', async () => {
    h = await createHarness({ dialect });
    const init = (
      await h.call('POST', '/api/upload/multipart/init', {
        headers: h.actors.admin(),
        body: { filename: 'x.bin', size: 10, partSize: 10, partCount: 1 },
      })
    ).body.data as FilePresignDto & { upload_id: string };
    h.clock.advance(3600_000 + 1);
    expect(await h.services.fileCleanup.purgeAbandoned()).toBe(0);
    h.clock.advance(3600_000);
    expect(await h.services.fileCleanup.purgeAbandoned()).toBe(1);
    const { store } = await h.services.storageConfigs.storeFor('local');
    await expect(store.listParts(init.storage_path, init.upload_id)).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
  });
});
