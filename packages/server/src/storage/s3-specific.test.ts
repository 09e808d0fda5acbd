import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestBucket, s3Server } from '../test/s3.js';
import { isStorageError } from './errors.js';
import type { S3StoreOptions } from './s3-client.js';
import { createS3Store } from './s3.driver.js';

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// Behaviour only the S3 driver has (the shared behaviour is in object-store.suite.ts).
describe.skipIf(s3Server === null)('S3 driver specifics (MinIO)', () => {
  let options: S3StoreOptions;
  beforeAll(async () => {
    options = await createTestBucket('specific');
  });

  it('copies large objects part by part with UploadPartCopy', async () => {
    const store = createS3Store({ ...options, copyPartThreshold: 5 * 1024 * 1024 });
    const data = randomBytes(12 * 1024 * 1024 + 7);
    await store.put('big/source.bin', Readable.from([data]), {
      contentLength: data.length,
      contentType: 'application/zip',
    });
    const copied = await store.copy('big/source.bin', 'big/copy.bin');
    expect(copied.size).toBe(data.length);
    expect(copied.etag).toMatch(/-\d+"$/); // a multipart ETag: the copy really went in parts
    const chunks: Buffer[] = [];
    const got = await store.get('big/copy.bin');
    expect(got.contentType).toBe('application/zip');
    for await (const chunk of got.body) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(data));
    store.close();
  });

  it('moves large objects part by part, each part copied only from the version checked', async () => {
    const store = createS3Store({ ...options, copyPartThreshold: 5 * 1024 * 1024 });
    const data = randomBytes(11 * 1024 * 1024);
    const staged = await store.put('big/staged.bin', Readable.from([data]), { contentLength: data.length });
    const moved = await store.move('big/staged.bin', 'big/moved.bin', { ifMatch: staged.etag });
    expect(moved.etag).toMatch(/-\d+"$/);
    await expect(store.head('big/staged.bin')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get('big/moved.bin')).body) chunks.push(chunk as Buffer);
    expect(sha(Buffer.concat(chunks))).toBe(sha(data));
    store.close();
  });

  it('tells Backblaze uploaders to skip the SHA-1 check, and signs the content type', async () => {
    const store = createS3Store({ ...options, provider: 'Backblaze B2' });
    const put = await store.presignPut('b2.txt', { expiresIn: 60, contentType: 'text/plain' });
    expect(put.headers).toEqual({ 'Content-Type': 'text/plain', 'X-Bz-Content-Sha1': 'do_not_verify' });
    expect(new URL(put.url).searchParams.get('X-Amz-SignedHeaders')).toBe('content-type;host');
    store.close();
  });

  it('maps wrong credentials to ACCESS_DENIED and a missing bucket to BUCKET_NOT_FOUND', async () => {
    const wrong = createS3Store({ ...options, secretAccessKey: 'not-the-secret' });
    const denied = await wrong.list().catch((e: unknown) => e);
    expect(isStorageError(denied, 'ACCESS_DENIED'), String(denied)).toBe(true);
    const missing = createS3Store({ ...options, bucket: 'no-such-bucket-1' });
    const gone = await missing.list().catch((e: unknown) => e);
    expect(isStorageError(gone, 'BUCKET_NOT_FOUND'), String(gone)).toBe(true);
    wrong.close();
    missing.close();
  });
});
