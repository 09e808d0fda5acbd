import type { FileDetailDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createResumeStore, fileFingerprint } from './resume-store';
import { PAUSE_REASON, uploadFile } from './upload-file';
import {
  deps,
  detail,
  fakeApi,
  makeFile,
  notPending,
  okPut,
  saveUnfinished,
  stalled,
} from './upload-file.test-support';

beforeEach(() => {
  localStorage.clear();
});

describe('a cancel during a server call', () => {
  it.each([
    ['presign', 10, 'cancel'],
    ['multipartInit', 200, 'abort'],
  ] as const)('while %s hangs rejects at once, with nothing pending to clean up', async (call, size, cleanup) => {
    const controller = new AbortController();
    const api = fakeApi({ [call]: vi.fn((_body: unknown, signal?: AbortSignal) => stalled(signal)) });
    const done = uploadFile(makeFile(size), {}, deps(api), {}, controller.signal);
    await vi.waitFor(() => expect(api[call]).toHaveBeenCalled());
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(api[cleanup]).not.toHaveBeenCalled();
  });

  it('while commit hangs rejects at once and deletes the pending upload', async () => {
    const controller = new AbortController();
    const api = fakeApi({ commit: vi.fn((_id, _etag, signal) => stalled(signal)) });
    const done = uploadFile(makeFile(10), {}, { api, put: okPut }, {}, controller.signal);
    await vi.waitFor(() => expect(api.commit).toHaveBeenCalled());
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(api.cancel).toHaveBeenCalledWith('f0');
  });

  it('a commit it cut short that the server still finished resolves with the share, deleting nothing', async () => {
    const controller = new AbortController();
    const api = fakeApi({
      commit: vi.fn((_id, _etag, signal) => stalled(signal)),
      published: vi.fn(async () => detail),
    });
    const done = uploadFile(makeFile(10), {}, { api, put: okPut }, {}, controller.signal);
    await vi.waitFor(() => expect(api.commit).toHaveBeenCalled());
    controller.abort();
    await expect(done).resolves.toBe(detail);
    expect(api.published).toHaveBeenCalledWith('f0');
    expect(api.cancel).not.toHaveBeenCalled();
  });

  it('while complete hangs rejects at once, aborts the upload on the server and drops the saved state', async () => {
    const file = makeFile(200);
    const controller = new AbortController();
    const api = fakeApi({ complete: vi.fn((_f, _u, _p, _o, signal) => stalled(signal)) });
    const done = uploadFile(file, {}, deps(api), {}, controller.signal);
    await vi.waitFor(() => expect(api.complete).toHaveBeenCalled());
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(api.abort).toHaveBeenCalledWith('f1', 'u1');
    expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
  });

  it('a complete it cut short that the server still finished resolves with the share, deleting nothing', async () => {
    const controller = new AbortController();
    const api = fakeApi({
      complete: vi.fn((_f, _u, _p, _o, signal) => stalled(signal)),
      abort: vi.fn(notPending),
      published: vi.fn(async () => detail),
    });
    const done = uploadFile(makeFile(200), {}, deps(api), {}, controller.signal);
    await vi.waitFor(() => expect(api.complete).toHaveBeenCalled());
    controller.abort();
    await expect(done).resolves.toBe(detail);
    expect(api.published).toHaveBeenCalledWith('f1');
    // The cancel fallback would delete the published share.
    expect(api.cancel).not.toHaveBeenCalled();
  });

  it.each([
    ['commit', 10],
    ['complete', 200],
  ] as const)(
    'a pause (leaving the page) while %s runs lets it finish: the share is published, nothing is discarded',
    async (call, size) => {
      const file = makeFile(size);
      const controller = new AbortController();
      let answer: (value: FileDetailDto) => void = () => undefined;
      // Like apiRequest: the call ends as ABORTED if the signal it was given fires.
      const publishing = vi.fn(
        (...args: unknown[]) =>
          new Promise<FileDetailDto>((resolve, reject) => {
            answer = resolve;
            const signal = args.find((arg): arg is AbortSignal => arg instanceof AbortSignal);
            signal?.addEventListener('abort', () =>
              reject(new ApiError({ status: 0, code: 'ABORTED', message: 'request cancelled or timed out' })),
            );
          }),
      );
      const api = fakeApi({ [call]: publishing });
      const done = uploadFile(file, {}, deps(api), {}, controller.signal);
      await vi.waitFor(() => expect(publishing).toHaveBeenCalled());
      controller.abort(PAUSE_REASON);
      answer(detail);
      await expect(done).resolves.toBe(detail);
      expect(api.abort).not.toHaveBeenCalled();
      expect(api.cancel).not.toHaveBeenCalled();
      expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
    },
  );

  it("while a resumed upload's parts are listed rejects at once and aborts that upload", async () => {
    const file = makeFile(200);
    saveUnfinished(file);
    const controller = new AbortController();
    const api = fakeApi({ listParts: vi.fn((_f, _u, signal) => stalled(signal)) });
    const done = uploadFile(file, {}, deps(api), {}, controller.signal);
    await vi.waitFor(() => expect(api.listParts).toHaveBeenCalled());
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(api.abort).toHaveBeenCalledWith('f1', 'u1');
    expect(api.multipartInit).not.toHaveBeenCalled();
    expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
  });
});
