import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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

  /** Resolves when a body is being written into the store's tmp/ folder (or the complete already ended). */
  async function writingStarted(completing: Promise<unknown>): Promise<void> {
    const tmp = path.join(dir, 'tmp');
    let ended = false;
    void completing.finally(() => (ended = true)).catch(() => undefined);
    for (let waited = 0; waited < 5000 && !ended; waited += 1) {
      if (existsSync(tmp) && readdirSync(tmp).length > 0) return;
      await new Promise((r) => setTimeout(r, 1));
    }
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

  it('an abort sent while a complete runs waits for it: the object is whole, then the upload is gone', async () => {
    const { store, uploadId, parts } = await started(6);
    const completing = store.completeMultipart('race.bin', uploadId, parts);
    // Sent once the complete is writing the object (a fixed pause let a loaded machine's abort come first).
    await writingStarted(completing);
    // Removing the parts under the complete made it fail with INVALID_PART (a part it listed was gone).
    await store.abortMultipart('race.bin', uploadId);
    await expect(completing).resolves.toMatchObject({ size: 6 * MIN_PART_SIZE });
    expect((await store.head('race.bin')).size).toBe(6 * MIN_PART_SIZE);
    await expect(store.completeMultipart('race.bin', uploadId, parts)).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
  });

  it('a complete sent after an abort finds the upload gone', async () => {
    const { store, uploadId, parts } = await started(2);
    const aborting = store.abortMultipart('race.bin', uploadId);
    const completing = store.completeMultipart('race.bin', uploadId, parts);
    await aborting;
    await expect(completing).rejects.toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  });
});
