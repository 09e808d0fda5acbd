import type { TaskDto } from '@driftbox/contract';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { checkZip } from '../../lib/zip/zip.test-support.js';
import { dialects, type Headers } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { BACKENDS, testStorage } from './fs-archive.test-support.js';

const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-archive-task-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/*
 * POST /api/fs/archive with mode 'task' on SQLite and PostgreSQL, over LOCAL and MinIO: the task builds
 * the ZIP into the archive store, GET /api/fs/tasks/{id}/download serves it to the owner (or an admin).
 */
describe.each(dialects.flatMap((d) => BACKENDS.map((b) => [d, b] as const)))(
  'archive as a task (%s, %s)',
  (dialect, backend) => {
    const h = harnessPerTest({ dialect });
    const { created } = mountCalls(() => h);

    beforeEach(async () => {
      const storage = await testStorage(h, backend);
      await created({ name: 'docs', mount_path: '/docs', storage_config_id: storage.configId });
      await storage.put('a/报告 2024.txt', '你好');
      await storage.put('a/sub/deep.txt', 'deep');
      await storage.put('b/secret.txt', 'not for a');
    });

    const queue = (headers: Headers, body: unknown) => h.call('POST', '/api/fs/archive', { headers, body });
    /** GET the built ZIP, its body read to the end (the file it streams from is closed). */
    const download = async (headers: Headers, id: string) => {
      const res = await h.app.request(`/api/fs/tasks/${id}/download`, { headers: { ...headers } });
      return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const task = async (id: string) =>
      (await h.call('GET', `/api/fs/tasks/${id}`, { headers: h.actors.admin() })).body.data as TaskDto;

    it('queues the build (202 with the task and its link), completes, and the link serves a valid ZIP', async () => {
      const res = await queue(h.actors.admin(), { paths: ['/docs/a', '/docs/b/secret.txt'], mode: 'task' });
      expect(res.status, res.text).toBe(202);
      const data = res.body.data as { jobId: string; task: TaskDto; downloadUrl: string };
      expect(data.task).toMatchObject({ jobId: data.jobId, taskType: 'archive', status: 'pending' });
      expect(data.downloadUrl).toBe(`/api/fs/tasks/${data.jobId}/download`);
      // Not built yet: 409.
      const early = await download(h.actors.admin(), data.jobId);
      expect(early.status).toBe(409);

      expect(await h.services.tasks.runOnce()).toBe(data.jobId);
      expect(await task(data.jobId)).toMatchObject({
        status: 'completed',
        stats: { processedItems: 3, totalItems: 3, successCount: 3 },
        currentFile: null,
      });
      const got = await download(h.actors.admin(), data.jobId);
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/zip');
      expect(got.headers.get('content-disposition')).toContain('filename="download.zip"');
      expect(got.headers.get('content-length')).toBe(String(got.bytes.length));
      const file = path.join(dir, `${data.jobId}.zip`);
      writeFileSync(file, got.bytes);
      expect(checkZip(file).map((e) => [e.name, e.text])).toEqual([
        ['a/', ''],
        ['a/报告 2024.txt', '你好'],
        ['a/sub/', ''],
        ['a/sub/deep.txt', 'deep'],
        ['secret.txt', 'not for a'],
      ]);
      // Downloadable again until it expires; the streamed mode is unchanged.
      expect((await download(h.actors.admin(), data.jobId)).status).toBe(200);
      const streamed = await h.app.request('/api/fs/archive', {
        method: 'POST',
        headers: { ...h.actors.admin(), 'Content-Type': 'application/json' },
        body: JSON.stringify({ paths: ['/docs/a'] }),
      });
      expect(streamed.status).toBe(200);
      expect(streamed.headers.get('content-type')).toBe('application/zip');
      await streamed.arrayBuffer();
    });

    it('only the owner or an admin downloads; a key is held to its base path when queueing', async () => {
      const owner = await h.actors.apiKey({ mount_view: true }, { basicPath: '/docs/a' });
      const other = await h.actors.apiKey({ mount_view: true }, { basicPath: '/docs/a' });
      const noBit = await h.actors.apiKey({ text: true });
      const res = await queue(owner, { paths: ['/docs/a/sub'], mode: 'task', name: 'mine' });
      expect(res.status, res.text).toBe(202);
      const id = (res.body.data as { jobId: string }).jobId;
      await h.services.tasks.runOnce();

      expect((await download(h.actors.anon, id)).status).toBe(401);
      expect((await download(noBit, id)).status).toBe(403);
      expect((await download(other, id)).status).toBe(404);
      const mine = await download(owner, id);
      expect(mine.status).toBe(200);
      expect(mine.headers.get('content-disposition')).toContain('filename="mine.zip"');
      expect((await download(h.actors.admin(), id)).status).toBe(200);

      // Outside the base path, or an encoded `..` out of it: refused before anything is queued.
      expect((await queue(owner, { paths: ['/docs/b'], mode: 'task' })).status).toBe(403);
      expect((await queue(owner, { paths: ['/docs/a/../b'], mode: 'task' })).status).toBe(400);
      expect((await queue(noBit, { paths: ['/docs/a'], mode: 'task' })).status).toBe(403);
      expect((await queue(h.actors.anon, { paths: ['/docs/a'], mode: 'task' })).status).toBe(401);
      expect((await queue(owner, { paths: ['/docs/a/missing'], mode: 'task' })).status).toBe(404);
      const tasks = await h.db.selectFrom('fs_tasks').select('id').where('type', '=', 'archive').execute();
      expect(tasks.map((t) => t.id)).toEqual([id]);
      // A task of another type is no archive.
      expect((await download(h.actors.admin(), 'no-such-task')).status).toBe(404);
    });

    it('a cancelled build leaves nothing to download', async () => {
      const res = await queue(h.actors.admin(), { paths: ['/docs'], mode: 'task' });
      const id = (res.body.data as { jobId: string }).jobId;
      const cancel = await h.call('POST', `/api/fs/tasks/${id}/cancel`, { headers: h.actors.admin() });
      expect(cancel.status, cancel.text).toBe(200);
      expect(await h.services.tasks.runOnce()).toBeNull();
      expect((await task(id)).status).toBe('cancelled');
      expect((await download(h.actors.admin(), id)).status).toBe(409);
    });
  },
);
