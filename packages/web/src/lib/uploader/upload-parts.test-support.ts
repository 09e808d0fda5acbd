import { UploadError } from './upload-error';
import { uploadParts, type UploadPartsInput } from './upload-parts';
import type { PutFn, PutOptions } from './xhr-put';

// Shared set-up of the part uploader's tests: signed URLs and a fake PUT that records its calls.
export const MiB = 1024 * 1024;

export function urlsFor(count: number): Map<number, string> {
  return new Map(Array.from({ length: count }, (_, i) => [i + 1, `https://s3.test/part/${i + 1}`]));
}

/** A PUT that answers after `delay` ms with the part number as ETag, recording calls. */
export function fakePut(
  options: {
    delay?: number;
    fail?: (url: string, attempt: number) => UploadError | null;
    etag?: (url: string) => string | null;
  } = {},
) {
  const calls: { url: string; size: number; at: number }[] = [];
  const attempts = new Map<string, number>();
  let active = 0;
  let maxActive = 0;
  const put: PutFn = (url, body, opts: PutOptions) => {
    calls.push({ url, size: body.size, at: Date.now() });
    const attempt = (attempts.get(url) ?? 0) + 1;
    attempts.set(url, attempt);
    active += 1;
    maxActive = Math.max(maxActive, active);
    return new Promise((resolve, reject) => {
      // delay 0 settles in a microtask, so fake-timer tests only see the retry delays.
      const schedule = (fn: () => void) =>
        options.delay === 0 ? (queueMicrotask(fn), undefined) : setTimeout(fn, options.delay ?? 10);
      const timer = schedule(() => {
        active -= 1;
        const error = options.fail?.(url, attempt);
        if (error) return reject(error);
        opts.onProgress?.(body.size);
        resolve({ etag: options.etag ? options.etag(url) : `"etag-${url.split('/').pop()}"` });
      });
      opts.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        active -= 1;
        reject(new UploadError('ABORTED'));
      });
    });
  };
  return { put, calls, attempts, maxActive: () => maxActive };
}

/** Uploads a 100-byte blob as one part signed as `url`; `input` adds the rest (refreshUrl, retries, signal…). */
export function sendOnePart(url: string, put: PutFn, input: Partial<UploadPartsInput> = {}) {
  return uploadParts({
    blob: new Blob([new Uint8Array(100)]),
    partSize: 100,
    partCount: 1,
    urls: new Map([[1, url]]),
    put,
    ...input,
  });
}
