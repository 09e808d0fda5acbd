import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../lib/logger.js';
import { checkZip } from '../../lib/zip/zip.test-support.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { responseBody } from '../../storage/streams.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { createFsArchiveService, type FsArchiveDeps } from './fs-archive.service.js';
import { mountStoreAccess, type MountStoreAccess } from './fs-archive.store.js';
import { testStorage } from './fs-archive.test-support.js';

/*
 * The service over the real vfs and LOCAL store, with the store access wrapped to see what is read:
 * a client that goes away stops the reads; the ZIP64 forms (limits lowered) hold for a walked tree.
 */
describe('the archive service (LOCAL)', () => {
  const h = harnessPerTest({ dialect: 'sqlite' });
  const { created } = mountCalls(() => h);

  /** The real store access, recording every body the archive opens. */
  function recording(bodies: { key: string; body: Readable }[]): MountStoreAccess {
    const real = mountStoreAccess(h.services.storageConfigs);
    return async (mount) => {
      const opened = await real(mount);
      const store: ObjectStore = Object.create(opened.store) as ObjectStore;
      store.get = async (key, options) => {
        const got = await opened.store.get(key, options);
        bodies.push({ key, body: got.body });
        return got;
      };
      return { ...opened, store };
    };
  }

  const service = (stores: MountStoreAccess, extra: Partial<FsArchiveDeps> = {}) =>
    createFsArchiveService({ vfs: h.services.vfs, stores, clock: h.clock, logger: memoryLogger(), ...extra });

  it('stops reading from storage when the client goes away', async () => {
    const storage = await testStorage(h, 'LOCAL');
    await created({ name: 'docs', mount_path: '/docs', storage_config_id: storage.configId });
    await storage.put('a-big.bin', 'x'.repeat(16 * 1024 * 1024));
    await storage.put('b-after.bin', 'after');
    const bodies: { key: string; body: Readable }[] = [];
    const archive = await service(recording(bodies)).open(h.adminActor, { paths: ['/docs'] });
    const reader = responseBody(archive.stream).getReader();
    let received = 0;
    while (received < 256 * 1024) received += (await reader.read()).value?.byteLength ?? 0;
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bodies.map((b) => b.key)).toEqual(['a-big.bin']);
    expect(bodies[0]!.body.destroyed).toBe(true);
    expect(archive.stream.destroyed).toBe(true);
  });

  it('writes the ZIP64 forms for a walked tree when the limits are passed (lowered for the test)', async () => {
    const storage = await testStorage(h, 'LOCAL');
    await created({ name: 'docs', mount_path: '/docs', storage_config_id: storage.configId });
    for (let i = 0; i < 5; i++) await storage.put(`f/${i}/文件.txt`, `${i}`.repeat(300));
    const archive = await service(mountStoreAccess(h.services.storageConfigs), {
      zip: { zip64Limits: { bytes: 1000, entries: 3 } },
    }).open(h.adminActor, { paths: ['/docs/f'] });
    const file = path.join(h.config.dataDir, 'zip64.zip');
    writeFileSync(file, await buffer(archive.stream));
    const entries = checkZip(file);
    expect(entries.filter((e) => !e.isDir).map((e) => [e.name, e.text.length])).toEqual(
      [0, 1, 2, 3, 4].map((i) => [`f/${i}/文件.txt`, 300]),
    );
    // Entries written past the 1000-byte offset carry it in the ZIP64 extra field.
    expect(entries.at(-1)!.extra.startsWith('0100')).toBe(true);
  });
});
