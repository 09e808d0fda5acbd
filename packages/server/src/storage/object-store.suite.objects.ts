import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { expect, it } from 'vitest';
import { getRequested } from './range.js';
import type { SuiteContext } from './object-store.suite.context.js';
import { MiB, streamedBody, sha256Of, bytesOf, expectStorageError } from './object-store.suite.context.js';

/** The suite's objects: streamed puts and gets, overwrite, ranges and head. */
export function objectTests(ctx: SuiteContext): void {
  const { ns, putText, store } = ctx;

  it('round-trips a multi-MB streamed body of unknown length with equal SHA-256', async () => {
    const key = `${ns()}/big.bin`;
    const body = streamedBody(12 * MiB + 12345);
    const info = await store.put(key, body.stream);
    expect(info).toMatchObject({ key, size: 12 * MiB + 12345, etag: expect.any(String) });
    const got = await store.get(key);
    expect(got).toMatchObject({ size: 12 * MiB + 12345, totalSize: 12 * MiB + 12345, range: null });
    expect(await sha256Of(got.body)).toBe(body.sha256());
  });

  it('round-trips a known-length web ReadableStream', async () => {
    const key = `${ns()}/web.bin`;
    const body = streamedBody(3 * MiB);
    const web = Readable.toWeb(body.stream) as NodeWebStream<Uint8Array>;
    await store.put(key, web, { contentLength: 3 * MiB, contentType: 'application/octet-stream' });
    expect(await sha256Of((await store.get(key)).body)).toBe(body.sha256());
    expect((await store.head(key)).size).toBe(3 * MiB);
  });

  it('refuses a body shorter than announced and stores nothing', async () => {
    const key = `${ns()}/short.bin`;
    await expectStorageError(store.put(key, Readable.from([randomBytes(500)]), { contentLength: 1000 }), 'BAD_DIGEST');
    await expectStorageError(store.head(key), 'NOT_FOUND');
  });

  it('replaces an object on overwrite, with a new ETag', async () => {
    const key = `${ns()}/over.txt`;
    const first = await putText(key, 'first version');
    const second = await putText(key, 'second, longer version');
    expect(second.etag).not.toBe(first.etag);
    expect((await bytesOf((await store.get(key)).body)).toString()).toBe('second, longer version');
  });

  it('serves byte ranges: start-end, open-ended, suffix, clamped and unsatisfiable', async () => {
    const key = `${ns()}/range.bin`;
    const data = randomBytes(1000);
    await putText(key, data);
    const cases = [
      [{ start: 10, end: 19 }, 10, 19],
      [{ start: 990 }, 990, 999],
      [{ suffix: 100 }, 900, 999],
      [{ suffix: 5000 }, 0, 999],
      [{ start: 995, end: 5000 }, 995, 999],
    ] as const;
    for (const [range, start, end] of cases) {
      const got = await store.get(key, { range });
      expect(got, JSON.stringify(range)).toMatchObject({
        size: end - start + 1,
        totalSize: 1000,
        range: { start, end },
      });
      expect((await bytesOf(got.body)).equals(data.subarray(start, end + 1))).toBe(true);
    }
    await expectStorageError(store.get(key, { range: { start: 1000 } }), 'INVALID_RANGE');
  });

  it('serves a range only while If-Range still names the object; a replaced one is sent whole', async () => {
    const key = `${ns()}/resume.bin`;
    const first = randomBytes(1000);
    const old = await putText(key, first);
    const httpDate = (date: Date) => date.toUTCString();
    for (const ifRange of [undefined, old.etag, httpDate(old.lastModified)]) {
      const got = await getRequested(store, key, { range: 'bytes=100-199', ifRange });
      expect(got.range, String(ifRange)).toEqual({ start: 100, end: 199 });
      expect((await bytesOf(got.body)).equals(first.subarray(100, 200))).toBe(true);
    }
    const second = randomBytes(600);
    const current = await putText(key, second);
    for (const stale of [old.etag, `W/${current.etag}`, 'Thu, 01 Jan 2015 00:00:00 GMT', 'not a validator']) {
      const got = await getRequested(store, key, { range: 'bytes=100-199', ifRange: stale });
      expect(got, stale).toMatchObject({ range: null, size: 600 });
      expect((await bytesOf(got.body)).equals(second)).toBe(true);
    }
    // Resuming past the end of the shorter new version: the whole new file, not 416.
    const whole = await getRequested(store, key, { range: 'bytes=800-', ifRange: old.etag });
    expect(whole).toMatchObject({ range: null, size: 600 });
    await bytesOf(whole.body);
    await expectStorageError(getRequested(store, key, { range: 'bytes=800-', ifRange: current.etag }), 'INVALID_RANGE');
    expect((await getRequested(store, key, { range: 'bytes=0-9', ifRange: current.etag })).range).toEqual({
      start: 0,
      end: 9,
    });
  });

  it('reports head metadata, and a typed NOT_FOUND for missing objects', async () => {
    const key = `${ns()}/head.txt`;
    const before = Date.now();
    await putText(key, 'hello');
    const info = await store.head(key);
    expect(info).toMatchObject({ key, size: 5, etag: expect.stringMatching(/.+/) });
    expect(Math.abs(info.lastModified.getTime() - before)).toBeLessThan(60_000);
    const missing = `${ns()}/missing.txt`;
    await expectStorageError(store.head(missing), 'NOT_FOUND');
    await expectStorageError(store.get(missing), 'NOT_FOUND');
    await expectStorageError(store.copy(missing, `${ns()}/x`), 'NOT_FOUND');
  });

  it('moves an object over another: the source is gone; a source changed since it was checked is not moved', async () => {
    const from = `${ns()}/staging/upload`;
    const to = `${ns()}/final/file.txt`;
    await putText(to, 'published before');
    const checked = await putText(from, 'checked bytes');
    const moved = await store.move(from, to, { ifMatch: checked.etag });
    expect(moved).toMatchObject({ key: to, size: 13, etag: checked.etag });
    expect((await bytesOf((await store.get(to)).body)).toString()).toBe('checked bytes');
    await expectStorageError(store.head(from), 'NOT_FOUND');
    await expectStorageError(store.move(from, to), 'NOT_FOUND');
    // Written again after the check (a presigned URL still valid): the target keeps the checked bytes.
    const first = await putText(from, 'first');
    await putText(from, 'replaced');
    await expectStorageError(store.move(from, to, { ifMatch: first.etag }), 'CHANGED');
    expect((await bytesOf((await store.get(to)).body)).toString()).toBe('checked bytes');
  });
}
