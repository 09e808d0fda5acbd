import type { FileDetailDto } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import type { ShareOptions } from '../../../lib/uploader/upload-api';
import type { UploadCallbacks } from '../../../lib/uploader/upload-context';
import { PAUSE_REASON } from '../../../lib/uploader/upload-stop';
import { UploadError } from '../../../lib/uploader/upload-error';
import { PrecheckError } from './prechecks';
import type { RunUpload } from './queue-item';
import { UploadQueue } from './upload-queue';

function file(name: string, size = 10): File {
  return new File([new Uint8Array(size)], name, { lastModified: 1 });
}

const detail = { slug: 's' } as FileDetailDto;
const settle = () => new Promise((r) => setTimeout(r, 0));
/** An upload that runs until it is aborted, and the signals it was given, one per started file. */
function hangingRun() {
  const signals: AbortSignal[] = [];
  const run = vi.fn<RunUpload>(
    (_f, _o, _c, signal) =>
      new Promise((_resolve, reject) => {
        signals.push(signal);
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
  return { run, signals };
}
const tooBig = (limit: number) => (f: File) =>
  f.size > limit ? new PrecheckError('insufficientStorage', f.size, limit) : null;

describe('UploadQueue', () => {
  it('resets a failed file added again and reports one still waiting, instead of ignoring both', () => {
    const queue = new UploadQueue(vi.fn());
    queue.add([file('a'), file('b', 500)], tooBig(100));
    expect(queue.getSnapshot().map((i) => i.status)).toEqual(['ready', 'error']);
    const outcome = queue.add([file('a'), file('b', 500)], () => null);
    expect(outcome).toEqual({ added: 0, reset: 1, duplicates: ['a'] });
    expect(queue.getSnapshot().map((i) => [i.file.name, i.status])).toEqual([
      ['a', 'ready'],
      ['b', 'ready'],
    ]);
  });

  it('checks files not sent yet again when the storage or limit changes, and Upload starts the ones now allowed', async () => {
    const run = vi.fn<RunUpload>(async () => detail);
    const queue = new UploadQueue(run);
    queue.add([file('big', 500)], tooBig(100));
    queue.start((item) => tooBig(100)(item.file) ?? {});
    expect(run).not.toHaveBeenCalled();
    queue.recheck(tooBig(1000));
    expect(queue.getSnapshot()[0]?.status).toBe('ready');
    queue.recheck(tooBig(100));
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: expect.any(PrecheckError) });
    // Upload checks once more: a refused file that now fits starts with the rest.
    queue.start((item) => tooBig(1000)(item.file) ?? { s3_config_id: 'big' });
    await settle();
    expect(run).toHaveBeenCalledWith(
      expect.any(File),
      { s3_config_id: 'big' },
      expect.anything(),
      expect.any(AbortSignal),
    );
    expect(queue.getSnapshot()[0]?.status).toBe('done');
  });

  it('leaves a started file that failed to retry, whatever the checks say', async () => {
    const run = vi.fn<RunUpload>(async () => Promise.reject(new UploadError('NETWORK')));
    const onError = vi.fn();
    const queue = new UploadQueue(run, { onError });
    queue.add([file('a')]);
    queue.start(() => ({}));
    await settle();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 'error' }));
    queue.recheck(() => null);
    expect(queue.getSnapshot()[0]?.status).toBe('error');
  });

  it('retries with new options when given (a new custom link) and the old ones otherwise', async () => {
    const sent: ShareOptions[] = [];
    const run = vi.fn<RunUpload>(async (_f, options) => {
      sent.push(options);
      if (options.slug === 'taken') throw new UploadError('PRESIGN_FAILED');
      return detail;
    });
    const queue = new UploadQueue(run);
    queue.add([file('a')]);
    queue.start(() => ({ slug: 'taken', password: 'pw' }));
    await settle();
    const id = queue.getSnapshot()[0]?.id ?? '';
    expect(queue.optionsOf(id)).toEqual({ slug: 'taken', password: 'pw' });
    queue.retry(id, { slug: 'fresh', password: 'pw' });
    await settle();
    expect(sent).toEqual([
      { slug: 'taken', password: 'pw' },
      { slug: 'fresh', password: 'pw' },
    ]);
    expect(queue.getSnapshot()[0]?.status).toBe('done');
  });

  it('does not cancel a file while it completes (its share is being published)', async () => {
    let release: (value: FileDetailDto) => void = () => undefined;
    let signal: AbortSignal | undefined;
    const run: RunUpload = (_f, _o, callbacks: UploadCallbacks, s) => {
      signal = s;
      callbacks.onStage?.('completing', 'presigned');
      return new Promise((resolve) => {
        release = resolve;
      });
    };
    const queue = new UploadQueue(run);
    queue.add([file('a')]);
    queue.start(() => ({}));
    await settle();
    const id = queue.getSnapshot()[0]?.id ?? '';
    expect(queue.getSnapshot()[0]?.status).toBe('completing');
    queue.cancel(id);
    queue.cancelAll();
    expect(signal?.aborted).toBe(false);
    release(detail);
    await settle();
    expect(queue.getSnapshot()[0]?.status).toBe('done');
  });

  it('when the page is left, pauses the running upload (kept resumable) and never starts the waiting ones', async () => {
    const { run, signals } = hangingRun();
    const queue = new UploadQueue(run);
    queue.add([file('a'), file('b'), file('c')]);
    queue.start(() => ({}));
    await settle();
    expect(run).toHaveBeenCalledTimes(1);
    queue.pauseAll();
    await settle();
    // A pause, not a cancel: the uploader keeps a multipart upload resumable for this reason only.
    expect(signals[0]?.reason).toBe(PAUSE_REASON);
    expect(run).toHaveBeenCalledTimes(1);
    expect(queue.getSnapshot().map((i) => i.status)).toEqual(['cancelled', 'queued', 'queued']);
    // A retry after leaving queues the file but does not start it either.
    queue.retry(queue.getSnapshot()[0]?.id ?? '');
    await settle();
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('holds waiting files while offline, lets the running one go on, and starts them once back online', async () => {
    const finish: (() => void)[] = [];
    const run = vi.fn<RunUpload>(() => new Promise((resolve) => finish.push(() => resolve(detail))));
    const queue = new UploadQueue(run);
    queue.add([file('a'), file('b')]);
    queue.start(() => ({}));
    await settle();
    queue.hold('offline');
    finish[0]?.();
    await settle();
    expect(queue.getSnapshot().map((i) => i.status)).toEqual(['done', 'queued']);
    expect(run).toHaveBeenCalledTimes(1);
    queue.release('offline');
    await settle();
    expect(run).toHaveBeenCalledTimes(2);
    finish[1]?.();
    await settle();
    expect(queue.getSnapshot().map((i) => i.status)).toEqual(['done', 'done']);
  });

  it('does not start files pressed to upload while offline until the connection is back', async () => {
    const run = vi.fn<RunUpload>(async () => detail);
    const queue = new UploadQueue(run);
    queue.hold('offline');
    queue.add([file('a')]);
    queue.start(() => ({}));
    await settle();
    expect(run).not.toHaveBeenCalled();
    expect(queue.getSnapshot()[0]?.status).toBe('queued');
    queue.release('offline');
    await settle();
    expect(queue.getSnapshot()[0]?.status).toBe('done');
  });
});
