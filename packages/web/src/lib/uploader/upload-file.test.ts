import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createResumeStore, fileFingerprint, fileSample, RESUME_STORAGE_KEY } from './resume-store';
import { methodFor, PAUSE_REASON, uploadFile } from './upload-file';
import { partSizeFor } from './upload-multipart';
import { UploadError } from './upload-error';
import { deps, detail, fakeApi, makeFile, okPut } from './upload-file.fixtures';
import type { PutFn } from './xhr-put';

beforeEach(() => {
  localStorage.clear();
});

describe('part size', () => {
  it('5 MiB parts up to 10 000 of them, then whole MiB larger so no file needs more', () => {
    const MiB = 1024 * 1024;
    expect(partSizeFor(10_000 * 5 * MiB, 5 * MiB)).toBe(5 * MiB);
    const big = 10_000 * 5 * MiB + 1;
    const size = partSizeFor(big, 5 * MiB);
    expect(size % MiB).toBe(0);
    expect(Math.ceil(big / size)).toBeLessThanOrEqual(10_000);
    expect(Math.ceil((100 * 1024 ** 3) / partSizeFor(100 * 1024 ** 3, 5 * MiB))).toBeLessThanOrEqual(10_000);
  });
});

describe('method', () => {
  it('uses one presigned PUT up to 5 MiB and multipart above', () => {
    expect(methodFor(5 * 1024 * 1024)).toBe('presigned');
    expect(methodFor(5 * 1024 * 1024 + 1)).toBe('multipart');
  });

  it('sends a name the server accepts: a backslash (legal on Linux and macOS) becomes "_"', async () => {
    const api = fakeApi();
    await uploadFile(makeFile(10, 'back\\slash.txt'), {}, { api, put: okPut });
    expect(api.presign).toHaveBeenCalledWith(expect.objectContaining({ filename: 'back_slash.txt' }), undefined);
  });

  it('presigns, PUTs with the signed headers, and commits with the ETag', async () => {
    const api = fakeApi();
    const put = vi.fn(okPut);
    const stages: string[] = [];
    const result = await uploadFile(
      makeFile(10, 'notes.md'),
      { password: 'pw' },
      { api, put },
      { onStage: (s) => stages.push(s) },
    );
    expect(result).toBe(detail);
    expect(api.presign).toHaveBeenCalledWith(
      expect.objectContaining({ filename: 'notes.md', mimetype: 'text/markdown', size: 10, password: 'pw' }),
      undefined,
    );
    expect(put).toHaveBeenCalledWith(
      '/put',
      expect.any(Blob),
      expect.objectContaining({ headers: { 'Content-Type': 'text/plain' } }),
    );
    expect(api.commit).toHaveBeenCalledWith('f0', '"/put"', undefined);
    // Spec §4's stages; `processing` is the wait for storage's answer once every byte is sent.
    expect(stages).toEqual(['starting', 'initializing', 'uploading', 'processing', 'completing', 'completed']);
  });

  it('deletes the pending record when the presigned PUT fails', async () => {
    const api = fakeApi();
    const put: PutFn = async () => {
      throw new UploadError('NETWORK');
    };
    await expect(uploadFile(makeFile(10), {}, { api, put })).rejects.toMatchObject({ code: 'NETWORK' });
    expect(api.cancel).toHaveBeenCalledWith('f0');
  });

  it('reports a refused presign as PRESIGN_FAILED with the server error as cause', async () => {
    const refusal = new ApiError({ status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Insufficient storage: …' });
    const api = fakeApi({ presign: vi.fn(async () => Promise.reject(refusal)) });
    await expect(uploadFile(makeFile(10), {}, { api, put: okPut })).rejects.toMatchObject({
      code: 'PRESIGN_FAILED',
      cause: refusal,
    });
  });
});

describe('multipart', () => {
  it('inits with the part plan, completes with every ETag and forgets the saved state', async () => {
    const api = fakeApi();
    await uploadFile(makeFile(250), { s3_config_id: 'local' }, deps(api));
    expect(api.multipartInit).toHaveBeenCalledWith(
      expect.objectContaining({ size: 250, partSize: 100, partCount: 3, s3_config_id: 'local' }),
      undefined,
    );
    expect(api.complete).toHaveBeenCalledWith(
      'f1',
      'u1',
      [
        { PartNumber: 1, ETag: '"/p/1"' },
        { PartNumber: 2, ETag: '"/p/2"' },
        { PartNumber: 3, ETag: '"/p/3"' },
      ],
      undefined,
      undefined,
    );
    expect(createResumeStore().list()).toEqual([]);
  });

  it('leaves alone an upload of the same file that another tab runs (its Web Lock is taken): nothing is sent', async () => {
    const file = makeFile(250);
    const request = vi.fn(async (_name: string, _options: unknown, callback: (lock: null) => unknown) =>
      callback(null),
    );
    Object.defineProperty(navigator, 'locks', { value: { request, query: vi.fn() }, configurable: true });
    try {
      const api = fakeApi();
      await expect(uploadFile(file, { s3_config_id: 'local' }, deps(api))).rejects.toMatchObject({
        code: 'IN_OTHER_TAB',
      });
      expect(request).toHaveBeenCalledWith(
        `driftbox-upload:${fileFingerprint(file)}`,
        { ifAvailable: true },
        expect.any(Function),
      );
      expect(api.multipartInit).not.toHaveBeenCalled();
      expect(api.abort).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('a failure that outlived the part retries discards the upload and its record (spec §4)', async () => {
    const file = makeFile(300);
    const failing: PutFn = async (url, body, opts) => {
      if (url === '/p/3') throw new UploadError('NO_ETAG');
      return okPut(url, body, opts);
    };
    const api = fakeApi();
    await expect(uploadFile(file, {}, deps(api, failing))).rejects.toMatchObject({ code: 'NO_ETAG' });
    expect(api.abort).toHaveBeenCalledWith('f1', 'u1');
    expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).not.toContain('f1');
  });

  it('falls back to the cancel call when the abort does not get through', async () => {
    const api = fakeApi({
      complete: vi.fn(async () => Promise.reject(new ApiError({ status: 500, code: 'INTERNAL', message: 'boom' }))),
      abort: vi.fn(async () => Promise.reject(new Error('down'))),
    });
    await expect(uploadFile(makeFile(200), {}, deps(api))).rejects.toMatchObject({ code: 'FINALIZE_FAILED' });
    expect(api.cancel).toHaveBeenCalledWith('f1');
  });

  it('continues an upload a reloaded page left, asking the server which parts it has', async () => {
    const file = makeFile(300);
    createResumeStore().save(fileFingerprint(file), {
      fileId: 'f1',
      uploadId: 'u1',
      configId: '',
      storagePath: 'big.bin',
      slug: 'abc',
      partSize: 100,
      partCount: 3,
      parts: [],
      filename: file.name,
      size: 300,
      savedAt: 0,
    });
    const api = fakeApi({
      listParts: vi.fn(async () => ({
        file_id: 'f1',
        upload_id: 'u1',
        parts: [1, 2].map((n) => ({ PartNumber: n, ETag: `"s${n}"`, Size: 100 })),
      })),
    });
    const put = vi.fn(okPut);
    const onResume = vi.fn();
    await uploadFile(file, { password: 'now', slug: 'new-link' }, deps(api, put), { onResume });
    expect(api.multipartInit).not.toHaveBeenCalled();
    expect(api.refreshUrls).toHaveBeenCalledWith('f1', 'u1', [3], undefined);
    expect(put).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledWith('/fresh/3', expect.any(Blob), expect.anything());
    expect(onResume).toHaveBeenCalledWith(2, 3);
    expect(api.complete).toHaveBeenCalledWith(
      'f1',
      'u1',
      [
        { PartNumber: 1, ETag: '"s1"' },
        { PartNumber: 2, ETag: '"s2"' },
        { PartNumber: 3, ETag: '"/fresh/3"' },
      ],
      { password: 'now', slug: 'new-link' },
      undefined,
    );
  });

  it('a fresh upload completes without options (they went with the init)', async () => {
    const api = fakeApi();
    await uploadFile(makeFile(200), { password: 'pw', path: 'docs' }, deps(api));
    expect(api.multipartInit).toHaveBeenCalledWith(
      expect.objectContaining({ password: 'pw', path: 'docs' }),
      undefined,
    );
    expect(vi.mocked(api.complete).mock.calls[0]?.[3]).toBeUndefined();
  });

  it('another file with the same name, size and date is not taken for the saved one: its upload starts over', async () => {
    const first = new File([new Uint8Array(300).fill(1)], 'big.bin', { lastModified: 1_700_000_000_000 });
    const other = new File([new Uint8Array(300).fill(2)], 'big.bin', { lastModified: 1_700_000_000_000 });
    expect(fileFingerprint(other)).toBe(fileFingerprint(first));
    const hanging = fakeApi({
      complete: vi.fn(async () => Promise.reject(new ApiError({ status: 0, code: 'NETWORK', message: 'offline' }))),
    });
    await expect(uploadFile(first, {}, deps(hanging))).rejects.toMatchObject({ code: 'FINALIZE_FAILED' });
    expect(createResumeStore().get(fileFingerprint(first))).toMatchObject({ fileId: 'f1', sample: expect.any(String) });
    const api = fakeApi();
    await uploadFile(other, {}, deps(api));
    expect(api.listParts).not.toHaveBeenCalled();
    expect(api.abort).toHaveBeenCalledWith('f1', 'u1');
    expect(api.multipartInit).toHaveBeenCalledTimes(1);
    // The same file picked again is still resumed.
    expect(await fileSample(new File([new Uint8Array(300).fill(1)], 'x'))).toBe(await fileSample(first));
  });

  it('a saved upload to another folder is dropped on the server and started over', async () => {
    const file = makeFile(200);
    createResumeStore().save(fileFingerprint(file), {
      fileId: 'old',
      uploadId: 'u0',
      configId: '',
      path: 'a',
      storagePath: 'a/big.bin',
      slug: 'x',
      partSize: 100,
      partCount: 2,
      parts: [],
      filename: file.name,
      size: 200,
      savedAt: 0,
    });
    const api = fakeApi();
    await uploadFile(file, { path: 'b' }, deps(api));
    expect(api.abort).toHaveBeenCalledWith('old', 'u0');
    expect(api.listParts).not.toHaveBeenCalled();
    expect(api.multipartInit).toHaveBeenCalledWith(expect.objectContaining({ path: 'b' }), undefined);
  });

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
    createResumeStore().save(fileFingerprint(file), {
      fileId: 'f1',
      uploadId: 'u1',
      configId: '',
      storagePath: 'big.bin',
      slug: 'abc',
      partSize: 100,
      partCount: 2,
      parts: [],
      filename: file.name,
      size: 200,
      savedAt: 0,
    });
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
    createResumeStore().save(fileFingerprint(file), {
      fileId: 'gone',
      uploadId: 'old',
      configId: '',
      storagePath: 'x',
      slug: 'x',
      partSize: 100,
      partCount: 2,
      parts: [],
      filename: file.name,
      size: 200,
      savedAt: 0,
    });
    const api = fakeApi({
      listParts: vi.fn(async () => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'no' }))),
    });
    await uploadFile(file, {}, deps(api));
    expect(api.multipartInit).toHaveBeenCalledTimes(1);
  });

  it('a retry after a complete whose answer was lost finds the share published and sends nothing again', async () => {
    const file = makeFile(200);
    createResumeStore().save(fileFingerprint(file), {
      fileId: 'f1',
      uploadId: 'u1',
      configId: '',
      storagePath: 'x',
      slug: 'x',
      partSize: 100,
      partCount: 2,
      parts: [],
      filename: file.name,
      size: 200,
      savedAt: 0,
    });
    const put = vi.fn(okPut);
    const api = fakeApi({
      listParts: vi.fn(async () => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'no' }))),
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
    const file = makeFile(300);
    const controller = new AbortController();
    const slow: PutFn = (_url, _body, opts) =>
      new Promise((_resolve, reject) => {
        opts.signal?.addEventListener('abort', () => reject(new UploadError('ABORTED')));
      });
    const api = fakeApi();
    const done = uploadFile(file, {}, deps(api, slow), {}, controller.signal);
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(api.abort).toHaveBeenCalledWith('f1', 'u1');
    expect(createResumeStore().get(fileFingerprint(file))).toBeUndefined();
  });

  it('a pause (leaving the page) stops the parts but keeps the upload resumable', async () => {
    const file = makeFile(300);
    const controller = new AbortController();
    const slow: PutFn = (_url, _body, opts) =>
      new Promise((_resolve, reject) => {
        opts.signal?.addEventListener('abort', () => reject(new UploadError('ABORTED')));
      });
    const api = fakeApi();
    const done = uploadFile(file, {}, deps(api, slow), {}, controller.signal);
    await new Promise((r) => setTimeout(r, 5));
    controller.abort(PAUSE_REASON);
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(api.abort).not.toHaveBeenCalled();
    expect(createResumeStore().get(fileFingerprint(file))).toMatchObject({ fileId: 'f1', uploadId: 'u1' });
  });
});
