/**
 * The one behavioural suite every ObjectStore driver must pass (STYLE §18). Run by local.driver.test.ts
 * (always) and s3.driver.test.ts (against the loopback MinIO). Presigned URLs are exercised over real
 * HTTP, the way a browser uses them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isStorageError, type StorageErrorCode } from './errors.js';
import { MIN_PART_SIZE, type ObjectStore } from './object-store.js';
import { getRequested } from './range.js';

export interface StoreFixture {
  store: ObjectStore;
  /** Sends a request to a presigned URL (app-relative URLs go to the fixture's own server). */
  fetchPresigned(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

const MiB = 1024 * 1024;

/** A body streamed in 64 KiB random chunks whose SHA-256 is known once it has been read. */
function streamedBody(size: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  function* chunks() {
    for (let sent = 0; sent < size;) {
      const chunk = randomBytes(Math.min(64 * 1024, size - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), sha256: () => hash.digest('hex') };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function expectStorageError(promise: Promise<unknown>, code: StorageErrorCode): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isStorageError(err, code), `expected StorageError ${code}, got ${String(err)}`).toBe(true);
}

/** Registers the suite for one driver. */
export function objectStoreSuite(
  name: string,
  open: () => Promise<StoreFixture>,
  options: { skip?: boolean } = {},
): void {
  describe.skipIf(options.skip ?? false)(`ObjectStore behaviour: ${name}`, () => {
    let fx: StoreFixture;
    let store: ObjectStore;
    let counter = 0;
    /** A fresh key namespace per test, so tests never see each other's objects. */
    const ns = () => `t${++counter}-${randomBytes(3).toString('hex')}`;
    const putText = (key: string, text: string | Buffer) =>
      store.put(key, Readable.from([Buffer.from(text)]), { contentLength: Buffer.byteLength(text) });

    beforeAll(async () => {
      fx = await open();
      store = fx.store;
    });
    afterAll(async () => {
      await fx?.close();
    });

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
      await expectStorageError(
        store.put(key, Readable.from([randomBytes(500)]), { contentLength: 1000 }),
        'BAD_DIGEST',
      );
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
      await expectStorageError(
        getRequested(store, key, { range: 'bytes=800-', ifRange: current.etag }),
        'INVALID_RANGE',
      );
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

    it('lists one level with a delimiter, in byte order, page by page', async () => {
      const p = `${ns()}/`;
      const keys = ['a.txt', 'b/1', 'b/2', 'c.txt', 'd/x/y', 'e.txt', 'Z.txt', 'é.txt'].map((k) => p + k);
      for (const key of keys) await putText(key, key);
      const all = await store.list({ prefix: p, delimiter: '/' });
      expect(all.objects.map((o) => o.key)).toEqual([`${p}Z.txt`, `${p}a.txt`, `${p}c.txt`, `${p}e.txt`, `${p}é.txt`]);
      expect(all.prefixes).toEqual([`${p}b/`, `${p}d/`]);
      expect(all.nextCursor).toBeNull();
      expect(all.objects[1]).toMatchObject({ size: Buffer.byteLength(`${p}a.txt`), etag: expect.any(String) });

      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await store.list({ prefix: p, delimiter: '/', limit: 2, ...(cursor ? { cursor } : {}) });
        expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(2);
        seen.push(...page.objects.map((o) => o.key), ...page.prefixes);
        cursor = page.nextCursor ?? undefined;
        pages += 1;
      } while (cursor && pages < 10);
      expect(pages).toBeGreaterThanOrEqual(4);
      expect(seen.sort()).toEqual([...all.objects.map((o) => o.key), ...all.prefixes].sort());

      expect(await store.list({ prefix: `${p}b`, delimiter: '/' })).toEqual({
        objects: [],
        prefixes: [`${p}b/`],
        nextCursor: null,
      });
      expect((await store.list({ prefix: `${p}b/`, delimiter: '/' })).objects.map((o) => o.key)).toEqual([
        `${p}b/1`,
        `${p}b/2`,
      ]);
      expect(await store.list({ prefix: `${ns()}/`, delimiter: '/' })).toEqual({
        objects: [],
        prefixes: [],
        nextCursor: null,
      });
    });

    it('lists recursively without a delimiter, page by page', async () => {
      const p = `${ns()}/`;
      const keys = ['a/1', 'a/2/x', 'a.txt', 'b', 'c/d/e/f'].map((k) => p + k);
      for (const key of keys) await putText(key, 'x');
      const first = await store.list({ prefix: p, limit: 3 });
      expect(first.prefixes).toEqual([]);
      expect(first.nextCursor).not.toBeNull();
      const second = await store.list({ prefix: p, limit: 3, cursor: first.nextCursor ?? '' });
      expect(second.nextCursor).toBeNull();
      expect([...first.objects, ...second.objects].map((o) => o.key)).toEqual([
        `${p}a.txt`,
        `${p}a/1`,
        `${p}a/2/x`,
        `${p}b`,
        `${p}c/d/e/f`,
      ]);
    });

    it('copies an object inside the store', async () => {
      const base = ns();
      await putText(`${base}/src.txt`, 'copy me');
      const info = await store.copy(`${base}/src.txt`, `${base}/sub/dst.txt`);
      expect(info).toMatchObject({ key: `${base}/sub/dst.txt`, size: 7 });
      expect((await bytesOf((await store.get(`${base}/sub/dst.txt`)).body)).toString()).toBe('copy me');
      expect((await store.head(`${base}/src.txt`)).size).toBe(7);
    });

    it('deletes a batch of keys and ignores missing ones', async () => {
      const base = ns();
      for (const k of ['one', 'dir/two', 'three']) await putText(`${base}/${k}`, k);
      await store.delete([`${base}/one`, `${base}/dir/two`, `${base}/never-existed`]);
      await expectStorageError(store.head(`${base}/one`), 'NOT_FOUND');
      await expectStorageError(store.head(`${base}/dir/two`), 'NOT_FOUND');
      const left = await store.list({ prefix: `${base}/`, delimiter: '/' });
      expect(left.objects.map((o) => o.key)).toEqual([`${base}/three`]);
      expect(left.prefixes).toEqual([]);
      await store.delete([]);
    });

    it('uploads through a presigned PUT and downloads through a presigned GET, with Range', async () => {
      const key = `${ns()}/presigned.txt`;
      const put = await store.presignPut(key, { expiresIn: 300, contentType: 'text/plain' });
      expect(put).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'text/plain' } });
      const upload = await fx.fetchPresigned(put.url, { method: 'PUT', headers: put.headers, body: 'presigned body' });
      expect(upload.status).toBe(200);
      expect(upload.headers.get('etag')).toMatch(/.+/);
      expect((await store.head(key)).size).toBe(14);

      const get = await store.presignGet(key, {
        expiresIn: 300,
        contentType: 'text/plain; charset=utf-8',
        contentDisposition: 'attachment; filename="p.txt"',
      });
      const download = await fx.fetchPresigned(get.url);
      expect(download.status).toBe(200);
      expect(await download.text()).toBe('presigned body');
      expect(download.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="p.txt"');
      const partial = await fx.fetchPresigned(get.url, { headers: { Range: 'bytes=-4' } });
      expect(partial.status).toBe(206);
      expect(partial.headers.get('content-range')).toBe('bytes 10-13/14');
      expect(await partial.text()).toBe('body');
    });

    it('refuses a presigned URL whose key or content type was changed', async () => {
      const base = ns();
      await putText(`${base}/secret-a`, 'a');
      await putText(`${base}/secret-b`, 'b');
      const get = await store.presignGet(`${base}/secret-a`, { expiresIn: 300 });
      expect((await fx.fetchPresigned(get.url.replace('secret-a', 'secret-b'))).status).toBe(403);
      const put = await store.presignPut(`${base}/upload`, { expiresIn: 300, contentType: 'image/png' });
      const wrongType = await fx.fetchPresigned(put.url, {
        method: 'PUT',
        headers: { 'Content-Type': 'text/html' },
        body: '<script>',
      });
      expect(wrongType.status).toBe(403);
      await expectStorageError(store.head(`${base}/upload`), 'NOT_FOUND');
    });

    it('a presigned upload signed for a length refuses any other length, for objects and parts', async () => {
      const key = `${ns()}/sized.txt`;
      const put = await store.presignPut(key, { expiresIn: 300, contentType: 'text/plain', contentLength: 5 });
      expect(put.headers).not.toHaveProperty('Content-Length');
      for (const body of ['hello and much more', 'hi']) {
        const wrong = await fx.fetchPresigned(put.url, { method: 'PUT', headers: put.headers, body });
        expect(wrong.status, body).toBeGreaterThanOrEqual(400);
        expect(wrong.status, body).toBeLessThan(500);
      }
      await expectStorageError(store.head(key), 'NOT_FOUND');
      expect((await fx.fetchPresigned(put.url, { method: 'PUT', headers: put.headers, body: 'hello' })).status).toBe(
        200,
      );
      expect((await store.head(key)).size).toBe(5);

      const multiKey = `${ns()}/sized.bin`;
      const uploadId = await store.createMultipart(multiKey, {});
      const part = await store.presignPart(multiKey, uploadId, 1, { expiresIn: 300, contentLength: 4 });
      const tooBig = await fx.fetchPresigned(part.url, {
        method: 'PUT',
        headers: part.headers,
        body: randomBytes(MiB),
      });
      expect(tooBig.status).toBeGreaterThanOrEqual(400);
      expect(await store.listParts(multiKey, uploadId)).toEqual([]);
      expect((await fx.fetchPresigned(part.url, { method: 'PUT', headers: part.headers, body: 'four' })).status).toBe(
        200,
      );
      expect((await store.listParts(multiKey, uploadId)).map((p) => p.size)).toEqual([4]);
      await store.abortMultipart(multiKey, uploadId);
    });

    it('multipart: presigned part uploads, resume from listParts, server-side part, complete', async () => {
      const key = `${ns()}/multi.bin`;
      const parts = [randomBytes(MIN_PART_SIZE), randomBytes(MIN_PART_SIZE), randomBytes(MiB)];
      const uploadId = await store.createMultipart(key, { contentType: 'application/octet-stream' });
      const etags: string[] = [];
      for (const n of [1, 2]) {
        const url = await store.presignPart(key, uploadId, n, { expiresIn: 300 });
        const res = await fx.fetchPresigned(url.url, { method: 'PUT', headers: url.headers, body: parts[n - 1] });
        expect(res.status).toBe(200);
        etags.push(res.headers.get('etag') ?? '');
      }
      // A client that lost its state resumes from the server's view of the upload.
      const listed = await store.listParts(key, uploadId);
      expect(listed).toEqual([
        { partNumber: 1, etag: etags[0], size: MIN_PART_SIZE },
        { partNumber: 2, etag: etags[1], size: MIN_PART_SIZE },
      ]);
      const third = await store.uploadPart(key, uploadId, 3, Readable.from([parts[2] as Buffer]), {
        contentLength: MiB,
      });
      expect(third).toMatchObject({ partNumber: 3, size: MiB });
      const done = await store.completeMultipart(key, uploadId, [...listed, third]);
      expect(done).toMatchObject({ key, size: 2 * MIN_PART_SIZE + MiB });
      expect(await sha256Of((await store.get(key)).body)).toBe(sha256(Buffer.concat(parts)));
      await expectStorageError(store.listParts(key, uploadId), 'UPLOAD_NOT_FOUND');
    });

    it('multipart: refuses a wrong ETag and a middle part below 5 MiB', async () => {
      const key = `${ns()}/bad-multi.bin`;
      const uploadId = await store.createMultipart(key);
      const one = await store.uploadPart(key, uploadId, 1, Readable.from([randomBytes(1024)]), { contentLength: 1024 });
      const two = await store.uploadPart(key, uploadId, 2, Readable.from([randomBytes(1024)]), { contentLength: 1024 });
      await expectStorageError(store.completeMultipart(key, uploadId, [one, two]), 'INVALID_PART');
      await expectStorageError(
        store.completeMultipart(key, uploadId, [{ partNumber: 1, etag: '"0123456789abcdef0123456789abcdef"' }]),
        'INVALID_PART',
      );
      await store.abortMultipart(key, uploadId);
      await expectStorageError(store.head(key), 'NOT_FOUND');
    });

    it('multipart: abort discards the upload and its parts', async () => {
      const key = `${ns()}/aborted.bin`;
      const uploadId = await store.createMultipart(key);
      await store.uploadPart(key, uploadId, 1, Readable.from([randomBytes(2048)]), { contentLength: 2048 });
      expect(await store.listParts(key, uploadId)).toHaveLength(1);
      await store.abortMultipart(key, uploadId);
      await expectStorageError(store.listParts(key, uploadId), 'UPLOAD_NOT_FOUND');
      await expectStorageError(
        store.uploadPart(key, uploadId, 2, Readable.from([randomBytes(10)]), { contentLength: 10 }),
        'UPLOAD_NOT_FOUND',
      );
      await expectStorageError(store.head(key), 'NOT_FOUND');
      await store.abortMultipart(key, uploadId);
    });

    it('refuses unsafe or non-normal keys before touching storage', async () => {
      for (const key of [
        '../escape',
        'a/../../b',
        '/abs',
        'a//b',
        'a/./b',
        '',
        'a\\b',
        'dir/',
        'nul\0byte',
        'a/%2e%2e/b',
      ]) {
        await expectStorageError(store.head(key), 'INVALID_KEY');
        await expectStorageError(store.put(key, Readable.from([Buffer.from('x')])), 'INVALID_KEY');
        await expectStorageError(store.presignGet(key, { expiresIn: 60 }), 'INVALID_KEY');
      }
    });
  });
}
