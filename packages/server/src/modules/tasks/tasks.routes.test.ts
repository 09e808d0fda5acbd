import { Permission } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { msg } from '../../lib/i18n/catalogue.js';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { deferred, keyActor, untilAborted } from './tasks.test-support.js';

const PREFIXES = ['/api/fs/jobs', '/api/fs/tasks'];

describe.each(dialects)('task routes (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  /** A key with one mount bit, its actor, and the engine handlers used below. */
  async function setUp() {
    const { headers, key } = await h.createKey(Permission.MOUNT_COPY);
    const other = await h.createKey(Permission.MOUNT_VIEW);
    const tasks = h.services.tasks;
    tasks.registerHandler<{ items: string[] }>('copy', async (ctx) => {
      let ok = 0;
      for (const item of ctx.task.payload.items) {
        if (item.startsWith('bad')) await ctx.failItem(item, msg('tasks.failed'));
        else ctx.progress({ successCount: (ok += 1), current: ok });
      }
    });
    return { headers, actor: keyActor(key.id), otherHeaders: other.headers, otherActor: keyActor(other.key.id) };
  }

  it.each(PREFIXES)('%s: 401 anonymous, 403 without a mount bit, 200 with any one', async (prefix) => {
    expect((await h.call('GET', prefix)).status).toBe(401);
    const text = await h.actors.apiKey(Permission.TEXT | Permission.FILE_SHARE);
    expect((await h.call('GET', prefix, { headers: text })).body).toMatchObject({ error: 'PERMISSION_DENIED' });
    const deleter = await h.actors.apiKey(Permission.MOUNT_DELETE);
    expect((await h.call('GET', prefix, { headers: deleter })).status).toBe(200);
  });

  it.each(PREFIXES)(
    '%s: a key lists and reads its own tasks; others answer 404; the admin sees all',
    async (prefix) => {
      const { headers, actor, otherHeaders, otherActor } = await setUp();
      const mine = await h.services.tasks.enqueue('copy', { items: ['a', 'b'] }, actor);
      const theirs = await h.services.tasks.enqueue('copy', { items: ['c'] }, otherActor);
      const admins = await h.services.tasks.enqueue('no-handler', { items: [] }, h.adminActor);
      await h.services.tasks.drain();

      const list = await h.call('GET', prefix, { headers });
      expect(list.body.data).toMatchObject({ total: 1, limit: 20, offset: 0 });
      const [dto] = (list.body.data as { jobs: unknown[] }).jobs;
      expect(dto).toMatchObject({
        jobId: mine.id,
        taskType: 'copy',
        status: 'completed',
        payload: { items: ['a', 'b'] },
        stats: { totalItems: 0, processedItems: 2, successCount: 2, failedCount: 0 },
        failedItems: [],
        errorMessage: null,
        userId: `apikey:${actor.id}`,
        finishedAt: expect.any(String),
      });
      expect((await h.call('GET', `${prefix}/${mine.id}`, { headers })).body.data).toEqual(dto);
      expect((await h.call('GET', `${prefix}/${theirs.id}`, { headers })).status).toBe(404);
      for (const action of ['cancel', 'retry'])
        expect((await h.call('POST', `${prefix}/${theirs.id}/${action}`, { headers })).status).toBe(404);
      expect((await h.call('DELETE', `${prefix}/${theirs.id}`, { headers })).status).toBe(404);
      expect((await h.call('GET', `${prefix}/${admins.id}`, { headers: otherHeaders })).status).toBe(404);

      const all = await h.call('GET', `${prefix}?limit=2`, { headers: h.actors.admin() });
      expect(all.body.data).toMatchObject({ total: 3, limit: 2 });
      const pending = await h.call('GET', `${prefix}?status=pending`, { headers: h.actors.admin() });
      expect((pending.body.data as { jobs: { jobId: string }[] }).jobs.map((j) => j.jobId)).toEqual([admins.id]);
      const copies = await h.call('GET', `${prefix}?taskType=copy`, { headers: h.actors.admin() });
      expect(copies.body.data).toMatchObject({ total: 2 });
      expect((await h.call('GET', `${prefix}?status=nope`, { headers })).status).toBe(400);
    },
  );

  it('cancels: a queued task at once, a running one through its handler; a finished one is 409', async () => {
    const { headers, actor } = await setUp();
    const started = deferred();
    h.services.tasks.registerHandler('wait', async (ctx) => {
      started.resolve();
      await untilAborted(ctx.signal);
    });
    const queued = await h.services.tasks.enqueue('no-handler', {}, actor);
    const cancelled = await h.call('POST', `/api/fs/jobs/${queued.id}/cancel`, { headers });
    expect(cancelled.body).toMatchObject({ message: 'Task cancelled', data: { status: 'cancelled' } });
    expect((await h.call('POST', `/api/fs/jobs/${queued.id}/cancel`, { headers })).status).toBe(409);

    const running = await h.services.tasks.enqueue('wait', {}, actor);
    const run = h.services.tasks.runOnce();
    await started.promise;
    const asked = await h.call('POST', `/api/fs/tasks/${running.id}/cancel`, {
      headers: { ...headers, 'X-Language': 'zh-CN' },
    });
    expect(asked.body).toMatchObject({ message: '正在取消任务', data: { status: 'running', cancelRequested: true } });
    await run;
    expect((await h.call('GET', `/api/fs/tasks/${running.id}`, { headers })).body.data).toMatchObject({
      status: 'cancelled',
    });
  });

  it('retries only the failed items of a partial task; refuses to retry a completed one', async () => {
    const { headers, actor } = await setUp();
    const task = await h.services.tasks.enqueue('copy', { items: ['a', 'bad1', 'bad2'] }, actor);
    await h.services.tasks.drain();
    const partial = await h.call('GET', `/api/fs/jobs/${task.id}`, { headers: { ...headers, 'X-Language': 'zh-CN' } });
    expect(partial.body.data).toMatchObject({
      status: 'partial',
      stats: { successCount: 1, failedCount: 2 },
      failedItems: [
        { item: 'bad1', reason: '任务失败' },
        { item: 'bad2', reason: '任务失败' },
      ],
    });
    const retried = await h.call('POST', `/api/fs/jobs/${task.id}/retry`, { headers });
    expect(retried.body).toMatchObject({
      message: 'Task queued again',
      data: { status: 'pending', payload: { items: ['bad1', 'bad2'] }, failedItems: [] },
    });
    await h.services.tasks.drain();
    expect((await h.call('GET', `/api/fs/jobs/${task.id}`, { headers })).body.data).toMatchObject({
      status: 'failed',
      stats: { failedCount: 2 },
    });

    const done = await h.services.tasks.enqueue('copy', { items: ['a'] }, actor);
    await h.services.tasks.drain();
    const refused = await h.call('POST', `/api/fs/tasks/${done.id}/retry`, { headers });
    expect(refused.body).toMatchObject({ code: 409, error: 'CONFLICT', message: msg('tasks.notRetryable').en });
  });

  it('deletes one finished task, and clears finished ones: a key its own, the admin all', async () => {
    const { headers, actor, otherActor } = await setUp();
    const mine = await h.services.tasks.enqueue('copy', { items: ['a'] }, actor);
    const mineToo = await h.services.tasks.enqueue('copy', { items: ['b'] }, actor);
    const theirs = await h.services.tasks.enqueue('copy', { items: ['c'] }, otherActor);
    await h.services.tasks.drain();
    const queued = await h.services.tasks.enqueue('no-handler', {}, actor);

    expect((await h.call('DELETE', `/api/fs/jobs/${queued.id}`, { headers })).status).toBe(409);
    const deleted = await h.call('DELETE', `/api/fs/jobs/${mine.id}`, { headers });
    expect(deleted.body).toMatchObject({ code: 200, message: 'Task deleted' });
    expect((await h.call('GET', `/api/fs/jobs/${mine.id}`, { headers })).status).toBe(404);

    const cleared = await h.call('DELETE', '/api/fs/tasks', { headers });
    expect(cleared.body).toMatchObject({ message: 'Finished tasks cleared', data: { deleted: 1 } });
    const left = await h.db.selectFrom('fs_tasks').select('id').orderBy('created_at').execute();
    expect(left.map((r) => r.id).sort()).toEqual([theirs.id, queued.id].sort());
    expect(left.map((r) => r.id)).not.toContain(mineToo.id);

    const all = await h.call('DELETE', '/api/fs/tasks', { headers: h.actors.admin() });
    expect(all.body.data).toEqual({ deleted: 1 });
    expect(await h.db.selectFrom('fs_tasks').select('id').execute()).toEqual([{ id: queued.id }]);
  });
});
