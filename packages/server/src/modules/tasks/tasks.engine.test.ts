import { describe, expect, it } from 'vitest';
import { addMs, iso } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { testClock } from '../../test/clock.js';
import { dialects } from '../../test/harness.js';
import { testDbPerTest } from '../../test/per-test.js';
import type { TaskContext } from './tasks.module.js';
import { deferred, OWNER, testEngine, tick, untilAborted, waitFor } from './tasks.test-support.js';

interface CopyPayload {
  items: string[];
}

describe.each(dialects)('task engine (%s)', (dialect) => {
  const t = testDbPerTest(dialect);
  const row = (id: string) => t.db.selectFrom('fs_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('runs a task once, reporting progress, and completes it', async () => {
    const clock = testClock();
    const engine = testEngine(t.db, clock);
    const runs: string[] = [];
    engine.registerHandler<CopyPayload>('copy', async (ctx) => {
      runs.push(ctx.task.id);
      ctx.progress({ total: ctx.task.payload.items.length });
      for (const [i, item] of ctx.task.payload.items.entries()) {
        clock.advance(1_000);
        ctx.progress({ current: i + 1, currentFile: item, successCount: i + 1 });
        if (i === 0) await waitFor(async () => (await row(ctx.task.id)).current_file === 'a.txt');
      }
    });
    const task = await engine.enqueue('copy', { items: ['a.txt', 'b.txt', 'c.txt'] }, OWNER);
    expect(task).toMatchObject({ status: 'pending', created_by: OWNER.id });

    expect(await engine.runOnce()).toBe(task.id);
    expect(await engine.runOnce()).toBeNull();
    expect(runs).toEqual([task.id]);
    const done = await row(task.id);
    expect(done).toMatchObject({
      status: 'completed',
      success_count: 3,
      failure_count: 0,
      current_file: null,
      worker_id: null,
      lease_expires_at: null,
      attempts: 1,
      started_at: '2026-01-01T00:00:00.000Z',
      completed_at: '2026-01-01T00:00:03.000Z',
    });
    expect([Number(done.progress_current), Number(done.progress_total)]).toEqual([3, 3]);
  });

  it('picks up a task whose worker died, from its checkpoint, and the dead worker cannot overwrite it', async () => {
    const clock = testClock();
    const dying = testEngine(t.db, clock);
    const second = testEngine(t.db, clock);
    const checkpointed = deferred();
    const wakeDying = deferred();
    dying.registerHandler('copy', async (ctx) => {
      ctx.progress({ total: 3, current: 1, successCount: 1 });
      await ctx.checkpoint({ done: ['a.txt'] });
      checkpointed.resolve();
      await wakeDying.promise;
      // The worker comes back after its lease ran out: its writes no longer count.
      await ctx.checkpoint({ done: ['stale'] });
      expect(ctx.signal.aborted).toBe(true);
    });
    const seen: TaskContext[] = [];
    second.registerHandler('copy', async (ctx) => {
      seen.push(ctx);
      ctx.progress({ current: 3, successCount: 3 });
    });
    const task = await dying.enqueue('copy', { items: ['a.txt', 'b.txt', 'c.txt'] }, OWNER);
    const dyingRun = dying.runOnce();
    await checkpointed.promise;

    expect(await second.runOnce()).toBeNull(); // the lease still holds
    clock.advance(60_001);
    expect(await second.runOnce()).toBe(task.id);
    expect(seen[0]?.task).toMatchObject({ checkpoint: { done: ['a.txt'] }, attempts: 2, successCount: 1 });

    wakeDying.resolve();
    await dyingRun;
    expect(await row(task.id)).toMatchObject({
      status: 'completed',
      checkpoint: JSON.stringify({ done: ['a.txt'] }),
      success_count: 3,
      attempts: 2,
    });
  });

  it('renews the lease with a heartbeat while the handler runs, and the heartbeat brings a remote cancel', async () => {
    const clock = testClock();
    const worker = testEngine(t.db, clock, { heartbeatMs: 10 });
    const other = testEngine(t.db, clock);
    other.registerHandler('copy', async () => {});
    const started = deferred();
    worker.registerHandler('copy', async (ctx) => {
      started.resolve();
      await untilAborted(ctx.signal);
    });
    const task = await worker.enqueue('copy', {}, OWNER);
    const run = worker.runOnce();
    await started.promise;
    for (let i = 0; i < 3; i += 1) {
      clock.advance(40_000);
      const due = iso(addMs(clock.now(), 60_000));
      await waitFor(async () => (await row(task.id)).lease_expires_at === due);
      expect(await other.runOnce()).toBeNull();
    }
    await other.cancel(OWNER, task.id);
    await run;
    expect(await row(task.id)).toMatchObject({ status: 'cancelled', attempts: 1 });
  });

  it('marks a task failed once its workers died maxAttempts times, never leaving it running', async () => {
    const clock = testClock();
    const hang = deferred();
    let claims = 0;
    const engines = [0, 1, 2].map(() => testEngine(t.db, clock, { maxAttempts: 2 }));
    for (const engine of engines)
      engine.registerHandler('copy', () => {
        claims += 1;
        return hang.promise;
      });
    const task = await engines[0]!.enqueue('copy', { items: [] }, OWNER);
    const first = engines[0]!.runOnce();
    await waitFor(async () => claims === 1);
    clock.advance(60_001);
    const second = engines[1]!.runOnce();
    await waitFor(async () => claims === 2);
    expect(await row(task.id)).toMatchObject({ status: 'running', attempts: 2, worker_id: engines[1]!.workerId });
    clock.advance(60_001);
    expect(await engines[2]!.runOnce()).toBeNull();
    expect(await row(task.id)).toMatchObject({
      status: 'failed',
      worker_id: null,
      error: JSON.stringify(msg('tasks.workerLost', { attempts: 2 })),
    });
    hang.resolve();
    await Promise.all([first, second]);
    expect((await row(task.id)).status).toBe('failed');
  });

  it('cancels a running task through its signal, from this instance or another, and a queued one at once', async () => {
    const clock = testClock();
    const worker = testEngine(t.db, clock);
    const other = testEngine(t.db, clock);
    let started = deferred();
    worker.registerHandler('copy', async (ctx) => {
      started.resolve();
      await untilAborted(ctx.signal);
    });
    worker.registerHandler('poll', async (ctx) => {
      started.resolve();
      // Another instance's cancel reaches the handler with its next write (or the heartbeat).
      for (let n = 0; !ctx.signal.aborted; n += 1) {
        await ctx.checkpoint({ n });
        await tick();
      }
      ctx.signal.throwIfAborted();
    });

    const local = await worker.enqueue('copy', {}, OWNER);
    const run = worker.runOnce();
    await started.promise;
    expect((await worker.cancel(OWNER, local.id)).cancel_requested).toBe(1);
    await run;
    expect(await row(local.id)).toMatchObject({ status: 'cancelled', worker_id: null });

    started = deferred();
    const remote = await worker.enqueue('poll', {}, OWNER);
    const remoteRun = worker.runOnce();
    await started.promise;
    await other.cancel(OWNER, remote.id);
    await remoteRun;
    expect((await row(remote.id)).status).toBe('cancelled');

    const queued = await worker.enqueue('copy', {}, OWNER);
    expect((await other.cancel(OWNER, queued.id)).status).toBe('cancelled');
    expect(await worker.runOnce()).toBeNull();
    await expect(other.cancel(OWNER, queued.id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('ends partial when some items fail; a retry runs only the failed items', async () => {
    const clock = testClock();
    const engine = testEngine(t.db, clock);
    const fixed = new Set<string>();
    const ran: string[][] = [];
    engine.registerHandler<CopyPayload>('copy', async (ctx) => {
      ran.push(ctx.task.payload.items);
      let ok = 0;
      for (const item of ctx.task.payload.items) {
        if (item.startsWith('bad') && !fixed.has(item)) await ctx.failItem(item, msg('tasks.failed'));
        else ctx.progress({ successCount: (ok += 1) });
      }
    });
    const task = await engine.enqueue('copy', { items: ['a', 'bad1', 'b', 'bad2'], options: { skip: true } }, OWNER);
    await engine.runOnce();
    expect(await row(task.id)).toMatchObject({ status: 'partial', success_count: 2, failure_count: 2 });

    fixed.add('bad1');
    const requeued = await engine.retry(OWNER, task.id);
    expect(requeued).toMatchObject({ status: 'pending', failure_count: 0, failed_items: '[]' });
    expect(JSON.parse(requeued.payload)).toEqual({ items: ['bad1', 'bad2'], options: { skip: true } });
    await engine.runOnce();
    expect(ran).toEqual([
      ['a', 'bad1', 'b', 'bad2'],
      ['bad1', 'bad2'],
    ]);
    const after = await row(task.id);
    expect(after).toMatchObject({ status: 'partial', success_count: 1, failure_count: 1 });
    expect(JSON.parse(after.failed_items)).toEqual([{ item: 'bad2', reason: msg('tasks.failed') }]);

    // Nothing succeeded: failed, not partial.
    await engine.retry(OWNER, task.id);
    await engine.runOnce();
    expect((await row(task.id)).status).toBe('failed');
    await expect(engine.retry(OWNER, 'no-such-task')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('fails a task whose handler throws; a retry resumes it whole from its checkpoint', async () => {
    const clock = testClock();
    const engine = testEngine(t.db, clock);
    const checkpoints: unknown[] = [];
    engine.registerHandler('copy', async (ctx) => {
      checkpoints.push(ctx.task.checkpoint);
      if (ctx.task.checkpoint === null) {
        await ctx.checkpoint({ done: 1 });
        throw new AppError('UNAVAILABLE', { text: msg('tasks.failed') });
      }
    });
    const task = await engine.enqueue('copy', { items: ['a', 'b'] }, OWNER);
    await engine.runOnce();
    expect(await row(task.id)).toMatchObject({ status: 'failed', error: JSON.stringify(msg('tasks.failed')) });
    await expect(engine.retry(OWNER, task.id)).resolves.toMatchObject({ status: 'pending', error: null });
    await engine.runOnce();
    expect(checkpoints).toEqual([null, { done: 1 }]);
    expect(await row(task.id)).toMatchObject({ status: 'completed', payload: JSON.stringify({ items: ['a', 'b'] }) });
  });

  it('gives a running task back to the queue when the worker stops, keeping its checkpoint', async () => {
    const clock = testClock();
    const engine = testEngine(t.db, clock);
    const started = deferred();
    engine.registerHandler('copy', async (ctx) => {
      await ctx.checkpoint({ done: ['a'] });
      started.resolve();
      await untilAborted(ctx.signal);
    });
    const worker = engine.startWorker();
    const task = await engine.enqueue('copy', {}, OWNER);
    await started.promise;
    await worker.stop();
    expect(await row(task.id)).toMatchObject({
      status: 'pending',
      attempts: 0,
      worker_id: null,
      checkpoint: JSON.stringify({ done: ['a'] }),
    });
  });
});
