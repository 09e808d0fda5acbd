import type { FilePresignDto, MultipartInitDto, StorageConfigDto } from '@driftbox/contract';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectStore } from '../../../storage/object-store.js';
import { createHarness, type Harness } from '../../../test/harness.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../../test/s3.js';
import { fileRow, parsed } from '../files.test-support.js';

const PART = 5 * 1024 * 1024;
const HOUR = 3600_000;

// A presigned PUT URL cannot be revoked: it stays valid for its whole lifetime, after the commit too.
// So it names a staging key of the upload's own, and the commit moves the checked object to the share's
// key: whatever the URL stores later never reaches the published object (issue 25, hardening 5).
describe.skipIf(s3Server === null)('presigned uploads go to a staging key (MinIO)', () => {
  let h: Harness;
  let config: StorageConfigDto;
  let store: ObjectStore;

  beforeAll(async () => {
    h = await createHarness({ dialect: 'sqlite' });
    const bucket = await createTestBucket('staging');
    const res = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name: 'minio', ...s3ConfigFields(bucket) },
    });
    expect(res.status, res.text).toBe(201);
    config = res.body.data as StorageConfigDto;
    store = (await h.services.storageConfigs.storeFor(config.id)).store;
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (path: string, body: unknown) => h.call('POST', path, { headers: h.actors.admin(), body });
  const presign = async (slug: string, size: number) =>
    (await post('/api/s3/presign', { s3_config_id: config.id, filename: `${slug}.txt`, size, slug, use_proxy: true }))
      .body.data as FilePresignDto;
  const putTo = (data: FilePresignDto, text: string) =>
    fetch(data.upload_url, { method: 'PUT', headers: data.headers, body: new TextEncoder().encode(text) });
  const served = async (slug: string) => (await parsed(await h.app.request(`/api/file-download/${slug}`))).text;
  const textAt = async (key: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get(key)).body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };
  const exists = (key: string) =>
    store.head(key).then(
      () => true,
      (err: unknown) => ((err as { code?: string }).code === 'NOT_FOUND' ? false : Promise.reject(err)),
    );
  const stagingOf = (data: FilePresignDto) => `shares/.driftbox-staging/${data.file_id}`;

  it('a PUT to the URL after the commit does not change what the share serves; its leftover is purged', async () => {
    const data = await presign('kept', 5);
    expect(new URL(data.upload_url).pathname).toBe(`/${config.bucket_name}/${stagingOf(data)}`);
    const put = await putTo(data, 'hello');
    expect(put.status).toBe(200);
    expect(await exists(data.storage_path)).toBe(false);
    const commit = await post('/api/s3/commit', { file_id: data.file_id, etag: put.headers.get('etag') });
    expect(commit.status, commit.text).toBe(200);
    expect(commit.body.data).toMatchObject({ size: 5, etag: put.headers.get('etag') });
    expect(await exists(stagingOf(data))).toBe(false);
    // The URL still works (S3 cannot revoke it), but only on the staging key.
    expect((await putTo(data, 'PWNED')).status).toBe(200);
    expect(await served('kept')).toBe('hello');
    expect(await textAt(data.storage_path)).toBe('hello');
    // Once the URL has expired, the cleanup job deletes what it stored; the share's object stays.
    h.clock.advance(2 * HOUR + 1);
    await h.services.fileCleanup.purgeReuploads();
    expect(await exists(stagingOf(data))).toBe(false);
    expect(await served('kept')).toBe('hello');
  });

  it('a commit of an object of the wrong size is refused and nothing is published', async () => {
    const data = await presign('short', 5);
    // MinIO refuses a PUT of another length than the signed one; a provider that did not would store it.
    await store.put(stagingOf(data), Readable.from([Buffer.from('abc')]), { contentLength: 3 });
    const commit = await post('/api/s3/commit', { file_id: data.file_id });
    expect(commit.body).toMatchObject({
      code: 400,
      message: 'The uploaded file has 3 bytes, not the 5 announced; upload it again',
    });
    expect(await fileRow(h, data.file_id)).toBeUndefined();
    expect((await h.call('GET', '/api/public/files/short')).status).toBe(404);
    expect(await exists(data.storage_path)).toBe(false);
    expect(await exists(stagingOf(data))).toBe(false);
  });

  it("a commit whose ETag is not the stored object's is refused and nothing is published", async () => {
    const data = await presign('swapped', 5);
    expect((await putTo(data, 'hello')).status).toBe(200);
    const commit = await post('/api/s3/commit', { file_id: data.file_id, etag: '"0123456789abcdef0123456789abcdef"' });
    expect(commit.body).toMatchObject({ code: 400, message: expect.stringMatching(/ETag differs/) });
    expect(await fileRow(h, data.file_id)).toBeUndefined();
    expect(await exists(data.storage_path)).toBe(false);
    expect(await exists(stagingOf(data))).toBe(false);
  });

  it('an abandoned upload: its staging object is deleted with it when it expires', async () => {
    const data = await presign('abandoned', 4);
    expect((await putTo(data, 'left')).status).toBe(200);
    expect(await exists(stagingOf(data))).toBe(true);
    h.clock.advance(2 * HOUR + 1);
    expect(await h.services.fileCleanup.purgeAbandoned()).toBeGreaterThanOrEqual(1);
    expect(await fileRow(h, data.file_id)).toBeUndefined();
    expect(await exists(stagingOf(data))).toBe(false);
    expect(await exists(data.storage_path)).toBe(false);
  });

  it('multipart part URLs die with the upload at complete: a later part PUT changes nothing', async () => {
    const init = (
      await post('/api/upload/multipart/init', {
        s3_config_id: config.id,
        filename: 'parts.bin',
        size: 10,
        partSize: PART,
        partCount: 1,
        slug: 'parts',
        use_proxy: true,
      })
    ).body.data as MultipartInitDto;
    const url = init.part_urls[0]?.url ?? '';
    const part = await fetch(url, { method: 'PUT', body: new TextEncoder().encode('0123456789') });
    const parts = [{ PartNumber: 1, ETag: part.headers.get('etag') ?? '' }];
    expect((await post('/api/upload/multipart/complete', { file_id: init.file_id, parts })).status).toBe(200);
    const late = await fetch(url, { method: 'PUT', body: new TextEncoder().encode('PWNED-PWND') });
    expect(late.status).toBe(404);
    expect(await served('parts')).toBe('0123456789');
  });
});
