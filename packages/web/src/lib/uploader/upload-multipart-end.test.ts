import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createResumeStore, fileFingerprint } from './resume-store';
import { PAUSE_REASON, uploadFile } from './upload-file';
import { UploadError } from './upload-error';
import {
  deps,
  detail,
  fakeApi,
  hangingPut,
  makeFile,
  okPut,
  saveUnfinished,
  unknownUpload,
} from './upload-file.test-support';
import type { PutFn } from './xhr-put';

beforeEach(() => {
  localStorage.clear();
});

/** Starts a 3-part upload whose parts never answer, then stops it with `reason` (none: a cancel). */
async function stopWhileSendingParts(reason?: unknown) {
  const file = makeFile(300);
  const controller = new AbortController();
  const api = fakeApi();
  const done = uploadFile(file, {}, deps(api, hangingPut), {}, controller.signal);
  await new Promise((r) => setTimeout(r, 5));
  controller.abort(reason);
  await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
  return { file, api };
}

describe('multipart: how an upload ends (lost connection, lost answer, cancel, pause)', () => {
  it('a lost connection keeps the upload resumable: no abort, and a retry continues from the stored parts', async () => {
    vi.useFakeTimers();
    try {
      const file = makeFile(300);
      const offline: PutFn = async (url, body, opts) => {
        if (url === '/p/3') throw new UploadError('NETWORK');
        return okPut(url, body, opts);
      };
      const api = fakeApi({
        listParts: vi.fn(async () => ({
          file_id: 'f1',
          upload_id: 'u1',
          parts: [1, 2].map((n) => ({ PartNumber: n, ETag: `"s${n}"`, Size: 100 })),
        })),
      });
      const failed = expect(uploadFile(file, {}, deps(api, offline))).rejects.toMatchObject({ code: 'NETWORK' });
      await vi.runAllTimersAsync(); // the part's retries, 1 s × attempt apart
      await failed;
      expect(api.abort).not.toHaveBeenCalled();
      expect(api.cancel).not.toHaveBeenCalled();
      expect(createResumeStore().get(fileFingerprint(file))).toMatchObject({ fileId: 'f1', uploadId: 'u1' });
      const put = vi.fn(okPut);
      await uploadFile(file, {}, deps(api, put));
      expect(put).toHaveBeenCalledTimes(1);
      expect(api.multipartInit).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('a connection that goes quiet shows its speed falling to 0, not the last figure until the request fails', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const quiet: PutFn = (_url, _body, opts) =>
        new Promise((_resolve, reject) => {
          opts.onProgress?.(0);
          setTimeout(() => opts.onProgress?.(500), 500);
          opts.signal?.addEventListener('abort', () => reject(new UploadError('ABORTED')));
        });
      const speeds: number[] = [];
      const done = uploadFile(
        makeFile(1000),
        {},
        { api: fakeApi(), put: quiet },
        { onProgress: (p) => speeds.push(p.speed) },
        controller.signal,
      );
      await vi.advanceTimersByTimeAsync(600);
      expect(speeds.at(-1)).toBe(1000);
      await vi.advanceTimersByTimeAsync(6000);
      expect(speeds.at(-1)).toBe(0);
      controller.abort();
      await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('a resumed upload whose new link is taken stays resumable, to retry with another link', async () => {
    const file = makeFile(200);
    saveUnfinished(file);
    const taken = new ApiError({ status: 409, code: 'SLUG_TAKEN', message: 'taken' });
    const api = fakeApi({
      complete: vi.fn(async (_f, _u, _p, options) => (options?.slug === 'taken' ? Promise.reject(taken) : detail)),
    });
    await expect(uploadFile(file, { slug: 'taken' }, deps(api))).rejects.toMatchObject({
      code: 'FINALIZE_FAILED',
      cause: taken,
    });
    expect(api.abort).not.toHaveBeenCalled();
    await expect(uploadFile(file, { slug: 'free' }, deps(api))).resolves.toBe(detail);
    expect(api.multipartInit).not.toHaveBeenCalled();
  });

  it('a complete lost on the way keeps the upload resumable too', async () => {
    const file = makeFile(200);
    const api = fakeApi({
      complete: vi.fn(async () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }))),
    });
    await expect(uploadFile(file, {}, deps(api))).rejects.toMatchObject({ code: 'FINALIZE_FAILED' });
    expect(api.abort).not.toHaveBeenCalled();
    expect(createResumeStore().get(fileFingerprint(file))).toMatchObject({ fileId: 'f1' });
  });

  it('starts over when the server no longer knows the saved upload', async () => {
    const file = makeFile(200);
    saveUnfinished(file, { fileId: 'gone', uploadId: 'old', storagePath: 'x', slug: 'x' });
    const api = fakeApi({
      listParts: vi.fn(unknownUpload),
    });
    await uploadFile(file, {}, deps(api));
    expect(api.multipartInit).toHaveBeenCalledTimes(1);
  });

  it('a retry after a complete whose answer was lost finds the share published and sends nothing again', async () => {
    const file = makeFile(200);
    saveUnfinished(file, { storagePath: 'x', slug: 'x' });
    const put = vi.fn(okPut);
    const api = fakeApi({
      listParts: vi.fn(unknownUpload),
      published: vi.fn(async () => detail),
    });
    await expect(uploadFile(file, {}, deps(api, put))).resolves.toBe(detail);
    expect(api.published).toHaveBeenCalledWith('f1');
    expect(api.multipartInit).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
  });

  it('a complete that lost to another which published the share returns that share, deleting nothing', async () => {
    const api = fakeApi({
      complete: vi.fn(async () =>
        Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Upload not found' })),
      ),
      published: vi.fn(async () => detail),
    });
    await expect(uploadFile(makeFile(200), {}, deps(api))).resolves.toBe(detail);
    expect(api.abort).not.toHaveBeenCalled();
    expect(api.cancel).not.toHaveBeenCalled();
  });

  it('a cancel aborts the upload on the server and drops the saved state', async () => {
    const { file, api } = await stopWhileSendingParts();
    expect(api.abort).toHaveBeenCalledWith('f1', 'u1');
    expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
  });

  it('a pause (leaving the page) stops the parts but keeps the upload resumable', async () => {
    const { file, api } = await stopWhileSendingParts(PAUSE_REASON);
    expect(api.abort).not.toHaveBeenCalled();
    expect(createResumeStore().get(fileFingerprint(file))).toMatchObject({ fileId: 'f1', uploadId: 'u1' });
  });
});
