import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { MIN_PART_SIZE } from './object-store.js';
import type { SuiteContext } from './object-store.suite.context.js';
import { MiB, sha256Of, sha256, expectStorageError } from './object-store.suite.context.js';

/** The suite's presigned URLs and multipart uploads, over real HTTP as a browser uses them. */
export function signedTests(ctx: SuiteContext): void {
  const { ns, putText, store, fx } = ctx;

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
    expect((await fx.fetchPresigned(put.url, { method: 'PUT', headers: put.headers, body: 'hello' })).status).toBe(200);
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
}
