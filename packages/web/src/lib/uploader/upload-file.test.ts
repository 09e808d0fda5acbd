import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { methodFor, uploadFile } from './upload-file';
import { UploadError } from './upload-error';
import { detail, fakeApi, makeFile, okPut } from './upload-file.test-support';
import type { PutFn } from './xhr-put';

beforeEach(() => {
  localStorage.clear();
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
