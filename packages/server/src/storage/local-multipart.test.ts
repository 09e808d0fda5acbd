import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { createMac } from '../lib/crypto/mac.js';
import { TEST_SECRET } from '../test/harness.js';
import { createLocalStore } from './local.driver.js';
import { MIN_PART_SIZE, type ObjectStore } from './object-store.js';

describe('LOCAL multipart: completes and aborts racing each other', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function started(
    partCount: number,
  ): Promise<{ store: ObjectStore; uploadId: string; parts: { partNumber: number; etag: string }[] }> {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-multipart-'));
    const store = createLocalStore({ configId: 'race', root: dir, mac: createMac(TEST_SECRET), clock: systemClock() });
    const uploadId = await store.createMultipart('race.bin');
    const parts = [];
    for (let n = 1; n <= partCount; n += 1) {
      const body = Buffer.alloc(MIN_PART_SIZE, n);
      parts.push(
        await store.uploadPart('race.bin', uploadId, n, Readable.from([body]), { contentLength: body.length }),
      );
    }
    return { store, uploadId, parts };
  }

  it('two completes at once: one assembles the object, the other finds the upload gone (never a raw ENOENT)', async () => {
    const { store, uploadId, parts } = await started(4);
    const results = await Promise.allSettled([
      store.completeMultipart('race.bin', uploadId, parts),
      store.completeMultipart('race.bin', uploadId, parts),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const failure = results.find((r) => r.status === 'rejected');
    expect(failure?.reason).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
    const info = await store.head('race.bin');
    expect(info.size).toBe(4 * MIN_PART_SIZE);
    expect(info.etag).toBe(results.find((r) => r.status === 'fulfilled')?.value.etag);
  });

  it('an abort while a complete reads the parts makes the complete UPLOAD_NOT_FOUND', async () => {
    const { store, uploadId, parts } = await started(6);
    const completing = store.completeMultipart('race.bin', uploadId, parts);
    await new Promise((r) => setTimeout(r, 5));
    await store.abortMultipart('race.bin', uploadId);
    const outcome = await completing.then(
      () => 'completed',
      (err: unknown) => err,
    );
    // The abort came either after the parts were read (the whole object is there) or while they were
    // (the upload is gone): never a raw file-system error, never a short object.
    if (outcome === 'completed') expect((await store.head('race.bin')).size).toBe(6 * MIN_PART_SIZE);
    else expect(outcome).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  });
});
