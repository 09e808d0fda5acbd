import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { UploadError } from './upload-error';
import { partCountFor, partRange, uploadParts } from './upload-parts';
import { fakePut, MiB, sendOnePart, urlsFor } from './upload-parts.test-support';

afterEach(() => {
  vi.useRealTimers();
});

describe('part splitting', () => {
  it('cuts a file into 5 MiB parts with a shorter last part', () => {
    const size = 12 * MiB + 3;
    expect(partCountFor(size, 5 * MiB)).toBe(3);
    expect(partRange(1, 5 * MiB, size)).toEqual({ start: 0, end: 5 * MiB });
    expect(partRange(3, 5 * MiB, size)).toEqual({ start: 10 * MiB, end: size });
    expect(partCountFor(0, 5 * MiB)).toBe(1);
  });

  it('sends each part as its slice of the file and returns the ETags in order', async () => {
    const blob = new Blob([new Uint8Array(11 * MiB)]);
    const fake = fakePut();
    const parts = await uploadParts({ blob, partSize: 5 * MiB, partCount: 3, urls: urlsFor(3), put: fake.put });
    expect(fake.calls.map((c) => c.size).sort((a, b) => a - b)).toEqual([MiB, 5 * MiB, 5 * MiB]);
    expect(parts).toEqual([
      { PartNumber: 1, ETag: '"etag-1"' },
      { PartNumber: 2, ETag: '"etag-2"' },
      { PartNumber: 3, ETag: '"etag-3"' },
    ]);
  });
});

describe('parallelism', () => {
  it('never has more than 3 parts in flight', async () => {
    const blob = new Blob([new Uint8Array(10 * 100)]);
    const fake = fakePut({ delay: 5 });
    const parts = await uploadParts({ blob, partSize: 100, partCount: 10, urls: urlsFor(10), put: fake.put });
    expect(parts).toHaveLength(10);
    expect(fake.maxActive()).toBe(3);
  });

  it('reports the running total of bytes', async () => {
    const blob = new Blob([new Uint8Array(250)]);
    const seen: number[] = [];
    await uploadParts({
      blob,
      partSize: 100,
      partCount: 3,
      urls: urlsFor(3),
      put: fakePut().put,
      onProgress: (n) => seen.push(n),
    });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(250);
  });
});

describe('ETag', () => {
  it('fails at once with NO_ETAG when storage does not expose the ETag', async () => {
    const blob = new Blob([new Uint8Array(300)]);
    const fake = fakePut({ delay: 1, etag: () => null });
    await expect(
      uploadParts({ blob, partSize: 100, partCount: 3, urls: urlsFor(3), put: fake.put }),
    ).rejects.toMatchObject({
      code: 'NO_ETAG',
    });
    // No retries for a CORS setting, and the other parts were stopped.
    expect(fake.calls.length).toBeLessThanOrEqual(3);
  });

  it('fails at once, without retries, when the browser blocks the address (mixed content)', async () => {
    const blob = new Blob([new Uint8Array(300)]);
    const fake = fakePut({ delay: 1, fail: () => new UploadError('INSECURE_STORAGE') });
    await expect(
      uploadParts({ blob, partSize: 100, partCount: 3, urls: urlsFor(3), put: fake.put }),
    ).rejects.toMatchObject({
      code: 'INSECURE_STORAGE',
    });
    expect(fake.calls.length).toBeLessThanOrEqual(3);
  });
});

describe('resume', () => {
  it('sends only the parts storage does not have yet', async () => {
    const blob = new Blob([new Uint8Array(500)]);
    const fake = fakePut();
    const seen: number[] = [];
    const parts = await uploadParts({
      blob,
      partSize: 100,
      partCount: 5,
      urls: new Map([
        [2, 'https://s3.test/part/2'],
        [5, 'https://s3.test/part/5'],
      ]),
      done: [1, 3, 4].map((n) => ({ PartNumber: n, ETag: `"old-${n}"` })),
      put: fake.put,
      onProgress: (n) => seen.push(n),
    });
    expect(fake.calls.map((c) => c.url).sort()).toEqual(['https://s3.test/part/2', 'https://s3.test/part/5']);
    expect(parts.map((p) => p.ETag)).toEqual(['"old-1"', '"etag-2"', '"old-3"', '"old-4"', '"etag-5"']);
    expect(seen[0]).toBe(300);
  });
});

describe('abort', () => {
  it('stops every part in flight and rejects with ABORTED', async () => {
    const blob = new Blob([new Uint8Array(1000)]);
    const fake = fakePut({ delay: 1000 });
    const controller = new AbortController();
    const done = uploadParts({
      blob,
      partSize: 100,
      partCount: 10,
      urls: urlsFor(10),
      put: fake.put,
      signal: controller.signal,
    });
    await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
    expect(fake.calls).toHaveLength(3);
  });

  it('a cancel while a part is being signed again stops at once', async () => {
    const fake = fakePut({ delay: 0, fail: () => new UploadError('HTTP', { status: 403 }) });
    // The server does not answer; only the signal ends the call, as it ends apiRequest's.
    const refreshUrl = vi.fn(
      (_n: number, signal?: AbortSignal) =>
        new Promise<string>((_resolve, reject) =>
          signal?.addEventListener('abort', () =>
            reject(new ApiError({ status: 0, code: 'ABORTED', message: 'cancelled' })),
          ),
        ),
    );
    const controller = new AbortController();
    const done = sendOnePart('/old/1', fake.put, { refreshUrl, retryDelayMs: 1, signal: controller.signal });
    await vi.waitFor(() => expect(refreshUrl).toHaveBeenCalled());
    controller.abort();
    await expect(done).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
