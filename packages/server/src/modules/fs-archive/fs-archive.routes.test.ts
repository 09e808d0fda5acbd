import { Permission } from '@driftbox/contract';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { archive, BACKENDS, removeArchives, testStorage, type TestStorage } from './fs-archive.test-support.js';

afterAll(removeArchives);

/*
 * POST /api/fs/archive on SQLite and PostgreSQL, over LOCAL and MinIO: the archive is read back with
 * `unzip -t` and Python's zipfile. 401 and the bare 403 are the shared security suite's.
 */
describe.each(dialects.flatMap((d) => BACKENDS.map((b) => [d, b] as const)))(
  'POST /api/fs/archive (%s, %s)',
  (dialect, backend) => {
    const h = harnessPerTest({ dialect });
    const { created } = mountCalls(() => h);
    let storage: TestStorage;

    beforeEach(async () => {
      storage = await testStorage(h, backend);
      await created({ name: 'docs', mount_path: '/docs', storage_config_id: storage.configId });
      await storage.put('a/报告 2024.txt', '你好');
      await storage.put('a/sub/deep.txt', 'deep');
      await storage.put('a/empty.txt', '');
      await storage.emptyFolder('a/nothing');
      await storage.put('top.txt', 'top of docs');
      await storage.put('b/top.txt', 'top of b');
      await storage.put([storage.folder, '.driftbox-staging', 'upload-1'].filter((p) => p).join('/'), 'staged');
    });

    it('streams a ZIP of files and folders: UTF-8 names, nested and empty folders, an empty file, same names', async () => {
      const res = await archive(h, h.actors.admin(), { paths: ['/docs/a', '/docs/top.txt', '/docs/b/top.txt'] });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toContain('filename="download.zip"');
      expect(res.entries.map((e) => [e.name, e.text])).toEqual([
        ['a/', ''],
        ['a/empty.txt', ''],
        ['a/报告 2024.txt', '你好'],
        ['a/nothing/', ''],
        ['a/sub/', ''],
        ['a/sub/deep.txt', 'deep'],
        ['top.txt', 'top of docs'],
        ['top (2).txt', 'top of b'],
      ]);
    });

    it('archives a whole mount without the staging folder, and names the download after the one item', async () => {
      const res = await archive(h, h.actors.admin(), { paths: ['/docs'] });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain('filename="docs.zip"');
      const names = res.entries.map((e) => e.name);
      expect(names).toContain('docs/a/sub/deep.txt');
      expect(names).toContain('docs/b/top.txt');
      expect(names.some((n) => n.includes('.driftbox-staging'))).toBe(false);
      if (storage.folder) expect(names).toContain(`docs/${storage.folder}/`);
    });

    // Paging is the store's (the database plays no part): one dialect is enough.
    it.runIf(dialect === 'sqlite')('walks a folder of more than one listing page', { timeout: 60_000 }, async () => {
      const keys = Array.from({ length: 1005 }, (_, i) => `many/f${String(i).padStart(4, '0')}.txt`);
      for (let i = 0; i < keys.length; i += 50)
        await Promise.all(keys.slice(i, i + 50).map((key) => storage.put(key, key.slice(5, 10))));
      const res = await archive(h, h.actors.admin(), { paths: ['/docs/many'], name: 'many' });
      expect(res.headers.get('content-disposition')).toContain('filename="many.zip"');
      expect(res.entries).toHaveLength(1006);
      expect(res.entries[1005]).toMatchObject({ name: 'many/f1004.txt', text: 'f1004' });
    });

    if (backend === 'S3') return;

    it('takes in a mount nested inside a selected folder, where it hides the stored folder of its name', async () => {
      await storage.put('a/inner/hidden.txt', 'hidden by the mount');
      await storage.put('inner-root/x.txt', 'x');
      await created({ name: 'inner', mount_path: '/docs/a/inner', storage_config_id: storage.configId });
      // The inner mount is on the same config's root: its content is the whole store again, minus itself.
      const names = (await archive(h, h.actors.admin(), { paths: ['/docs/a'] })).entries.map((e) => e.name);
      expect(names).toContain('a/inner/inner-root/x.txt');
      expect(names).not.toContain('a/inner/hidden.txt');
    });

    it('a key needs MOUNT_VIEW and stays inside its base path', async () => {
      const inside = await h.actors.apiKey(Permission.MOUNT_VIEW, { basicPath: '/docs/a' });
      const ok = await archive(h, inside, { paths: ['/docs/a/sub'] });
      expect(ok.entries.map((e) => e.name)).toEqual(['sub/', 'sub/deep.txt']);
      for (const paths of [['/docs/top.txt'], ['/docs/a/sub', '/docs'], ['/docs/a/../top.txt'], ['/']]) {
        const res = await archive(h, inside, { paths });
        expect([400, 403], JSON.stringify(paths)).toContain(res.status);
      }
      expect((await archive(h, inside, { paths: ['/docs/top.txt'] })).json).toMatchObject({ error: 'PATH_FORBIDDEN' });
      const noBit = await h.actors.apiKey(Permission.MOUNT_UPLOAD | Permission.MOUNT_COPY);
      expect((await archive(h, noBit, { paths: ['/docs/a'] })).status).toBe(403);
    });

    it.each([
      '/docs/a/../../secret',
      '/docs/%2e%2e/secret',
      '/docs/%252e%252e/secret',
      '/docs\\..\\secret',
      '/docs/a\0b',
      '/docs/\uFF0E\uFF0E/secret',
      'docs/a',
    ])('refuses %j with 400 before any byte', async (path) => {
      const res = await archive(h, h.actors.admin(), { paths: ['/docs/a', path] });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false });
    });

    it('404 for a path that is neither a file nor a folder, or inside the staging folder', async () => {
      expect((await archive(h, h.actors.admin(), { paths: ['/docs/none'] })).status).toBe(404);
      const staging = [storage.folder, '.driftbox-staging'].filter((p) => p).join('/');
      expect((await archive(h, h.actors.admin(), { paths: [`/docs/${staging}`] })).status).toBe(404);
    });

    it('400 for an empty or oversized selection', async () => {
      expect((await archive(h, h.actors.admin(), { paths: [] })).status).toBe(400);
      expect((await archive(h, h.actors.admin(), { paths: Array(1001).fill('/docs/a') })).status).toBe(400);
    });
  },
);
