import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createResumeStore, fileFingerprint, fileSample, RESUME_STORAGE_KEY } from './resume-store';
import { uploadFile } from './upload-file';
import { partSizeFor } from './upload-multipart';
import { UploadError } from './upload-error';
import { deps, fakeApi, makeFile, okPut, saveUnfinished } from './upload-file.test-support';
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
    saveUnfinished(file);
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
    saveUnfinished(file, { fileId: 'old', uploadId: 'u0', path: 'a', storagePath: 'a/big.bin', slug: 'x' });
    const api = fakeApi();
    await uploadFile(file, { path: 'b' }, deps(api));
    expect(api.abort).toHaveBeenCalledWith('old', 'u0');
    expect(api.listParts).not.toHaveBeenCalled();
    expect(api.multipartInit).toHaveBeenCalledWith(expect.objectContaining({ path: 'b' }), undefined);
  });
});
