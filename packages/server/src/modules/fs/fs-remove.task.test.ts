import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, type Harness } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import type { TaskContext } from '../tasks/tasks.module.js';
import { removeHandler, REMOVE_TASK, type RemovePayload } from './fs-remove.task.js';
import { fsStores } from './fs-store.js';
import { fsCalls, storageKinds } from './fs.test-support.js';

const combos = dialects.flatMap((d) => storageKinds.map((s) => [d, s] as const));
const taskRow = (h: Harness, id: string) =>
  h.db.selectFrom('fs_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const tenFiles = (folder: string) =>
  Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`${folder}/f${i}.txt`, `file ${i}`]));

// Folder deletes run as `delete` tasks, here in pages of 3 keys: 10 files are 4 pages.
describe.each(combos)('the folder delete task (%s, %s)', (dialect, storage) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  let configId = '';
  const notices: string[][] = [];
  let onPage: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    configId = await fs.configFor(storage);
    await fs.mount(configId, '/r', { cache_ttl: 300 });
    const stores = fsStores(h.services.storageConfigs);
    const writes = {
      async changed(mountId: string, paths: readonly string[]) {
        notices.push([...paths]);
        await h.services.mountWrites.changed(mountId, paths);
        await onPage?.();
      },
    };
    h.services.tasks.registerHandler(REMOVE_TASK, removeHandler({ vfs: h.services.vfs, stores, writes, pageSize: 3 }));
  });

  const queue = async (paths: string[]) => {
    const res = await fs.post('/api/fs/batch-remove', { paths });
    expect(res.status, res.text).toBe(202);
    return (res.body.data as { jobId: string }).jobId;
  };

  it('deletes a folder page by page, reporting progress and each page to MountWrites', async () => {
    await fs.seed(configId, { ...tenFiles('big'), 'big/sub/deep.txt': 'd', 'other.txt': 'o' });
    expect(await fs.names('/r')).toEqual(['big', 'other.txt']);
    notices.length = 0;
    const id = await queue(['/r/big']);
    expect(await h.services.tasks.runOnce()).toBe(id);
    const row = await taskRow(h, id);
    expect(row).toMatchObject({ status: 'completed', success_count: 11, failure_count: 0, current_file: null });
    expect([Number(row.progress_current), Number(row.progress_total)]).toEqual([11, 11]);
    expect(notices).toEqual([['/r/big'], ['/r/big'], ['/r/big'], ['/r/big']]);
    expect(await fs.keys(configId, 'big/')).toEqual([]);
    expect(await fs.names('/r')).toEqual(['other.txt']);
    const done = await h.call('GET', `/api/fs/tasks/${id}`, { headers: h.actors.admin() });
    expect(done.body.data).toMatchObject({ taskType: 'delete', status: 'completed', stats: { processedItems: 11 } });
  });

  it('stops between pages when cancelled: what is deleted stays deleted, the rest stays', async () => {
    await fs.seed(configId, tenFiles('stop'));
    let pages = 0;
    let id = '';
    onPage = async () => {
      pages += 1;
      if (pages === 2) await h.services.tasks.cancel(h.adminActor, id);
    };
    id = await queue(['/r/stop']);
    await h.services.tasks.runOnce();
    onPage = null;
    expect(await taskRow(h, id)).toMatchObject({ status: 'cancelled' });
    expect(await fs.keys(configId, 'stop/')).toHaveLength(4);
  });

  it('resumes from its checkpoint without counting a deleted key twice', async () => {
    await fs.seed(configId, tenFiles('resume'));
    const stores = fsStores(h.services.storageConfigs);
    const handler = removeHandler({ vfs: h.services.vfs, stores, writes: { changed: async () => {} }, pageSize: 3 });
    const run = async (checkpoint: unknown, stopAfter: number) => {
      const controller = new AbortController();
      let saved: unknown = checkpoint;
      let saves = 0;
      const progress: { current?: number; total?: number }[] = [];
      const ctx: TaskContext<RemovePayload> = {
        task: {
          id: 't',
          type: REMOVE_TASK,
          status: 'running',
          payload: { items: [{ path: '/r/resume' }] },
          checkpoint,
          progressCurrent: 0,
          progressTotal: 0,
          currentFile: null,
          successCount: 0,
          failureCount: 0,
          attempts: 1,
          createdBy: 'admin',
        },
        signal: controller.signal,
        progress: (update) => progress.push(update),
        checkpoint: async (state) => {
          saved = structuredClone(state);
          saves += 1;
          if (saves === stopAfter) controller.abort(new Error('worker lost'));
        },
        failItem: async () => {
          throw new Error('no item should fail');
        },
      };
      await handler(ctx).catch((err: unknown) => {
        if (!controller.signal.aborted) throw err;
      });
      return { saved, last: progress.at(-1) };
    };
    // The first save is the start; the third follows the second page: 6 deleted, then the worker is lost.
    const first = await run(null, 3);
    expect(first.saved).toMatchObject({ index: 0, deleted: 6, listed: 6 });
    expect(await fs.keys(configId, 'resume/')).toHaveLength(4);
    const second = await run(first.saved, 0);
    expect(second.saved).toMatchObject({ index: 1, deleted: 10, listed: 10, cursor: null });
    expect(second.last).toMatchObject({ current: 10, total: 10 });
    expect(await fs.keys(configId, 'resume/')).toEqual([]);
  });

  it('queues the folders of a request as one task, deletes files at once; a folder emptied since is nothing to do', async () => {
    await fs.seed(configId, { 'a/1.txt': '1', 'b/2.txt': '2', 'c.txt': 'c' });
    const id = await queue(['/r/a', '/r/b', '/r/c.txt']);
    expect(await fs.keys(configId, 'c.txt')).toEqual([]);
    // Folder b is emptied before the task runs.
    const { store } = await h.services.storageConfigs.storeFor(configId);
    await store.delete(['b/2.txt']);
    await h.services.tasks.runOnce();
    expect(await taskRow(h, id)).toMatchObject({ status: 'completed', success_count: 1 });
    expect(await fs.keys(configId, 'a/')).toEqual([]);
  });
});
