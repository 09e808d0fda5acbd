import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { UploadError } from './upload-error';
import { uploadParts } from './upload-parts';
import { fakePut, sendOnePart, urlsFor } from './upload-parts.test-support';

afterEach(() => {
  vi.useRealTimers();
});

/** A PUT that storage refuses with `status` at every URL with "old" in it, as it does an expired signature. */
const refusingOldUrls = (status: number) =>
  fakePut({ delay: 0, fail: (url) => (url.includes('old') ? new UploadError('HTTP', { status }) : null) });

describe('retries', () => {
  it('retries a failing part 3 times, waiting 1 s × attempt', async () => {
    vi.useFakeTimers();
    const blob = new Blob([new Uint8Array(100)]);
    const fake = fakePut({
      delay: 0,
      fail: (_url, attempt) => (attempt <= 3 ? new UploadError('HTTP', { status: 500 }) : null),
    });
    let settled = false;
    const done = uploadParts({ blob, partSize: 100, partCount: 1, urls: urlsFor(1), put: fake.put }).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fake.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fake.calls).toHaveLength(4);
    await expect(done).resolves.toEqual([{ PartNumber: 1, ETag: '"etag-1"' }]);
    expect(settled).toBe(true);
  });

  it('gives up after the third retry with "some parts failed"', async () => {
    vi.useFakeTimers();
    const blob = new Blob([new Uint8Array(100)]);
    const fake = fakePut({ delay: 0, fail: () => new UploadError('HTTP', { status: 500 }) });
    const done = uploadParts({ blob, partSize: 100, partCount: 1, urls: urlsFor(1), put: fake.put });
    const assertion = expect(done).rejects.toMatchObject({ code: 'PARTS_FAILED' });
    await vi.advanceTimersByTimeAsync(6000);
    await assertion;
    expect(fake.calls).toHaveLength(4);
  });

  it('signs a part again when storage refuses its URL (403)', async () => {
    const fake = refusingOldUrls(403);
    const refreshUrl = vi.fn(async () => 'https://s3.test/new/1');
    const parts = await sendOnePart('https://s3.test/old/1', fake.put, { refreshUrl, retryDelayMs: 1 });
    expect(refreshUrl).toHaveBeenCalledWith(1, expect.any(AbortSignal));
    expect(parts).toEqual([{ PartNumber: 1, ETag: '"etag-1"' }]);
  });

  it("signs a part again when Driftbox's local storage says its URL expired (410)", async () => {
    const fake = refusingOldUrls(410);
    const refreshUrl = vi.fn(async () => '/api/local-storage/new/1');
    const parts = await sendOnePart('/api/local-storage/old/1', fake.put, { refreshUrl, retryDelayMs: 1 });
    expect(refreshUrl).toHaveBeenCalledTimes(1);
    expect(parts).toEqual([{ PartNumber: 1, ETag: '"etag-1"' }]);
  });

  it('a refresh that gets no answer uses up one retry, not the part: the next attempt signs again and succeeds', async () => {
    const fake = refusingOldUrls(403);
    const offline = new ApiError({ status: 0, code: 'NETWORK', message: 'offline' });
    let refreshes = 0;
    const refreshUrl = vi.fn(async () => {
      refreshes += 1;
      if (refreshes === 1) throw offline;
      return 'https://s3.test/new/1';
    });
    const parts = await sendOnePart('https://s3.test/old/1', fake.put, { refreshUrl, retries: 2, retryDelayMs: 1 });
    // PUT (403), refresh (no answer), refresh, PUT: the old URL is not tried again in between.
    expect(refreshUrl).toHaveBeenCalledTimes(2);
    expect(fake.calls.map((c) => c.url)).toEqual(['https://s3.test/old/1', 'https://s3.test/new/1']);
    expect(parts).toEqual([{ PartNumber: 1, ETag: '"etag-1"' }]);
  });

  it('a refresh answered "not found" (the upload is gone) ends the part at once', async () => {
    const fake = fakePut({ delay: 0, fail: () => new UploadError('HTTP', { status: 410 }) });
    const refreshUrl = vi.fn(async () =>
      Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Upload not found' })),
    );
    await expect(sendOnePart('/old/1', fake.put, { refreshUrl, retryDelayMs: 1 })).rejects.toMatchObject({
      code: 'PARTS_FAILED',
      status: 404,
    });
    expect(refreshUrl).toHaveBeenCalledTimes(1);
    expect(fake.calls).toHaveLength(1);
  });
});
