import { Permission, type BatchCopyDto, type MountDto, type TaskDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../storage/object-store.js';
import { dialects, type Headers } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { bytesAt, existsAt, localConfig, put, storeOf } from './fs-copy.test-support.js';

const COPY_VIEW = Permission.MOUNT_COPY | Permission.MOUNT_VIEW;

/** Paths the vfs refuses (400) wherever a route takes one (the base-path corpus; doubled slashes collapse: below). */
const CORPUS = [
  '/docs/../other/a.txt',
  '/docs/%2e%2e/other/a.txt',
  '/docs/%252e%252e/other',
  '/docs\\..\\other',
  '/docs/a\0b',
  '/docs/\uFF0E\uFF0E/other',
];

describe.each(dialects)('batch-copy and batch-copy-commit (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = mountCalls(() => h);
  let docs: MountDto;
  let other: MountDto;
  let local: ObjectStore;
  let otherStore: ObjectStore;

  beforeEach(async () => {
    docs = await created({ name: 'docs', mount_path: '/docs' });
    const second = await localConfig(h, 'second disk');
    other = await created({ name: 'other', mount_path: '/other', storage_config_id: second.id });
    local = await storeOf(h, 'local');
    otherStore = await storeOf(h, second.id);
    await put(local, 'a.txt', 'alpha');
    await put(local, 'team/b.txt', 'beta');
    await put(local, 'team/sub/c.txt', 'gamma');
    await put(local, 'team/.driftbox-staging/upload-1', 'staged');
  });

  const copy = (headers: Headers, body: unknown) => h.call('POST', '/api/fs/batch-copy', { headers, body });
  const commit = (headers: Headers, body: unknown) => h.call('POST', '/api/fs/batch-copy-commit', { headers, body });
  const taskCount = async () => (await h.db.selectFrom('fs_tasks').select('id').execute()).length;

  it('queues one copy task and answers with the original shape and the task; the task copies across stores', async () => {
    const res = await copy(h.actors.admin(), {
      items: [
        { sourcePath: '/docs/team', targetPath: '/other/copied' },
        { sourcePath: '/docs/a.txt', targetPath: '/docs/a-copy.txt' },
      ],
    });
    expect(res.status, res.text).toBe(202);
    const data = res.body.data as BatchCopyDto;
    expect(data).toMatchObject({
      crossStorage: true,
      requiresClientSideCopy: false,
      success: 0,
      skipped: 0,
      failed: 0,
      details: [],
      jobId: data.task.jobId,
      task: { taskType: 'copy', status: 'pending' },
    });
    expect(data.task.payload).toEqual({
      items: [
        { sourcePath: '/docs/team', targetPath: '/other/copied' },
        { sourcePath: '/docs/a.txt', targetPath: '/docs/a-copy.txt' },
      ],
      skipExisting: true,
    });
    expect(res.body.message).toBe('Copy queued as a task');

    expect(await h.services.tasks.runOnce()).toBe(data.jobId);
    const job = (await h.call('GET', `/api/fs/jobs/${data.jobId}`, { headers: h.actors.admin() })).body.data as TaskDto;
    expect(job).toMatchObject({
      status: 'completed',
      stats: { totalItems: 3, processedItems: 3, successCount: 3, failedCount: 0 },
    });
    expect((await bytesAt(otherStore, 'copied/b.txt')).toString()).toBe('beta');
    expect((await bytesAt(otherStore, 'copied/sub/c.txt')).toString()).toBe('gamma');
    expect(await existsAt(otherStore, 'copied/.driftbox-staging/upload-1')).toBe(false);
    expect((await bytesAt(local, 'a-copy.txt')).toString()).toBe('alpha');
  });

  it('skipExisting (default) leaves a file at the target alone; false replaces it', async () => {
    await put(otherStore, 'a.txt', 'old');
    await copy(h.actors.admin(), { items: [{ sourcePath: '/docs/a.txt', targetPath: '/other/a.txt' }] });
    await h.services.tasks.runOnce();
    expect((await bytesAt(otherStore, 'a.txt')).toString()).toBe('old');
    await copy(h.actors.admin(), {
      items: [{ sourcePath: '/docs/a.txt', targetPath: '/other/a.txt' }],
      skipExisting: false,
    });
    await h.services.tasks.runOnce();
    expect((await bytesAt(otherStore, 'a.txt')).toString()).toBe('alpha');
  });

  it.each([
    ['a folder into itself', '/docs/team', '/docs/team/inner', 'items.0.targetPath', 400],
    ['a folder onto itself', '/docs/team', '/docs/team', 'items.0.targetPath', 400],
    ['a mount root into itself', '/docs', '/docs/x', 'items.0.targetPath', 400],
    ['a target at a mount root', '/docs/a.txt', '/other', 'items.0.targetPath', 400],
    ['a target in a virtual folder', '/docs/a.txt', '/', 'items.0.targetPath', 400],
    ['a target nowhere', '/docs/a.txt', '/nowhere/a.txt', null, 404],
    ['a virtual source', '/', '/other/x', 'items.0.sourcePath', 400],
  ])('refuses %s and queues nothing', async (_name, sourcePath, targetPath, field, status) => {
    const res = await copy(h.actors.admin(), {
      items: [
        { sourcePath: '/docs/a.txt', targetPath: '/docs/fine.txt' },
        { sourcePath, targetPath },
      ],
    });
    expect(res.status, res.text).toBe(status);
    if (field) expect((res.body.details as { path?: string }[])[0]).toMatchObject({ path: field.replace('0', '1') });
    expect(await taskCount()).toBe(0);
  });

  it('treats staging folders as nowhere: neither source nor target (404), nor a commit', async () => {
    for (const item of [
      { sourcePath: '/docs/team/.driftbox-staging/upload-1', targetPath: '/docs/leak.txt' },
      { sourcePath: '/docs/a.txt', targetPath: '/docs/team/.driftbox-staging/upload-1' },
    ]) {
      const res = await copy(h.actors.admin(), { items: [item] });
      expect(res.status, res.text).toBe(404);
    }
    expect(await taskCount()).toBe(0);
    const res = await commit(h.actors.admin(), {
      targetMountId: docs.id,
      files: [{ targetPath: '/docs/team/.driftbox-staging/upload-1' }],
    });
    expect(res.status).toBe(404);
  });

  it('collapses doubled slashes to the one path they name (never past the base path)', async () => {
    const inDocs = await h.actors.apiKey(COPY_VIEW, { basicPath: '/docs' });
    const res = await copy(inDocs, { items: [{ sourcePath: '/docs//a.txt', targetPath: '/docs/team//a.txt' }] });
    expect(res.status, res.text).toBe(202);
    expect((res.body.data as BatchCopyDto).task.payload).toMatchObject({
      items: [{ sourcePath: '/docs/a.txt', targetPath: '/docs/team/a.txt' }],
    });
    const out = await copy(inDocs, { items: [{ sourcePath: '/docs/a.txt', targetPath: '//other//a.txt' }] });
    expect([out.status, out.body.error]).toEqual([403, 'PATH_FORBIDDEN']);
  });

  it.each(CORPUS)('batch-copy refuses the corpus path %j as source and target (400), queuing nothing', async (bad) => {
    const headers = await h.actors.apiKey(COPY_VIEW);
    for (const item of [
      { sourcePath: bad, targetPath: '/other/x' },
      { sourcePath: '/docs/a.txt', targetPath: bad },
    ]) {
      const res = await copy(headers, { items: [item] });
      expect(res.status, `${JSON.stringify(item)}: ${res.text}`).toBe(400);
    }
    expect(await taskCount()).toBe(0);
  });

  it('batch-copy: 401 anonymous; 403 without copy; the source needs view; both ends inside the base path', async () => {
    const item = { sourcePath: '/docs/a.txt', targetPath: '/other/a.txt' };
    expect((await copy(h.actors.anon, { items: [item] })).status).toBe(401);
    expect((await copy(await h.actors.apiKey(Permission.MOUNT_VIEW), { items: [item] })).status).toBe(403);
    const copyOnly = await copy(await h.actors.apiKey(Permission.MOUNT_COPY), { items: [item] });
    expect(copyOnly.status).toBe(403);
    expect(copyOnly.body.error).toBe('PERMISSION_DENIED');
    const inDocs = await h.actors.apiKey(COPY_VIEW, { basicPath: '/docs' });
    const outTarget = await copy(inDocs, { items: [item] });
    expect([outTarget.status, outTarget.body.error]).toEqual([403, 'PATH_FORBIDDEN']);
    const outSource = await copy(inDocs, { items: [{ sourcePath: '/other/x', targetPath: '/docs/x' }] });
    expect([outSource.status, outSource.body.error]).toEqual([403, 'PATH_FORBIDDEN']);
    expect(await taskCount()).toBe(0);
    const inside = await copy(inDocs, { items: [{ sourcePath: '/docs/a.txt', targetPath: '/docs/team/a.txt' }] });
    expect(inside.status, inside.text).toBe(202);
  });

  describe('batch-copy-commit', () => {
    it('reports only files that are at their target in the mount with the reported size; the rest fail', async () => {
      await put(otherStore, 'in/x.txt', 'xx');
      const res = await commit(h.actors.admin(), {
        targetMountId: other.id,
        files: [
          { targetPath: '/other/in/x.txt', s3Path: 'anything', fileSize: 2 },
          { targetPath: '/other/in/missing.txt', s3Path: 'in/missing.txt' },
          { targetPath: '/docs/a.txt', s3Path: 'a.txt' },
          { targetPath: '/other/in/x.txt', fileSize: 99 },
        ],
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toEqual({
        success: [{ targetPath: '/other/in/x.txt', size: 2 }],
        failed: [
          { targetPath: '/other/in/missing.txt', error: 'Path not found' },
          { targetPath: '/docs/a.txt', error: 'The path is not inside the target mount' },
          { targetPath: '/other/in/x.txt', error: 'The stored file has 2 bytes, not the 99 reported' },
        ],
      });
    });

    it('answers 202 when nothing is there, 404 for a mount the caller cannot see', async () => {
      const none = await commit(h.actors.admin(), {
        targetMountId: other.id,
        files: [{ targetPath: '/other/nothing.txt' }],
      });
      expect(none.status).toBe(202);
      expect(none.body.message).toBe('None of the files exists at its target');
      const key = await h.actors.apiKey(COPY_VIEW, { basicPath: '/docs' });
      const hidden = await commit(key, { targetMountId: other.id, files: [{ targetPath: '/docs/a.txt' }] });
      expect(hidden.status).toBe(404);
      const unknown = await commit(h.actors.admin(), { targetMountId: 'nope', files: [{ targetPath: '/docs/a.txt' }] });
      expect(unknown.status).toBe(404);
      expect(docs.id).toBeTruthy();
    });

    it('401, 403 without copy, 403 outside the base path, 400 for the corpus', async () => {
      const body = { targetMountId: docs.id, files: [{ targetPath: '/docs/a.txt' }] };
      expect((await commit(h.actors.anon, body)).status).toBe(401);
      expect((await commit(await h.actors.apiKey(Permission.MOUNT_VIEW), body)).status).toBe(403);
      const inTeam = await h.actors.apiKey(COPY_VIEW, { basicPath: '/docs/team' });
      const out = await commit(inTeam, body);
      expect([out.status, out.body.error]).toEqual([403, 'PATH_FORBIDDEN']);
      for (const bad of CORPUS) {
        const res = await commit(h.actors.admin(), { targetMountId: docs.id, files: [{ targetPath: bad }] });
        expect(res.status, `${bad}: ${res.text}`).toBe(400);
      }
    });
  });
});
