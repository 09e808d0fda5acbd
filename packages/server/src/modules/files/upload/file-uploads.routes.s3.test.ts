import type {
  FileDetailDto,
  FilePresignDto,
  FilePublicDto,
  MultipartInitDto,
  MultipartPartsDto,
  StorageConfigDto,
} from '@driftbox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../../test/harness.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../../test/s3.js';
import { parsed, uploadDirect, uploadForm } from '../files.test-support.js';

const MiB = 1024 * 1024;
const PART = 5 * MiB;

// The upload and download flows once against a real S3 server (MinIO on loopback, started by the
// vitest global setup): form and raw uploads through the server, presigned PUTs and multipart parts
// sent by "the browser" straight to MinIO, proxy downloads with Range, and direct-mode redirects.
describe.skipIf(s3Server === null)('file shares on S3 (MinIO)', () => {
  let h: Harness;
  let config: StorageConfigDto;

  beforeAll(async () => {
    h = await createHarness({ dialect: 'sqlite' });
    const bucket = await createTestBucket('files');
    const res = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: {
        name: 'minio',
        ...s3ConfigFields(bucket),
        total_storage_bytes: 100 * MiB,
      },
    });
    expect(res.status, res.text).toBe(201);
    config = res.body.data as StorageConfigDto;
  });
  afterAll(async () => {
    await h.close();
  });

  const post = (path: string, body: unknown) => h.call('POST', path, { headers: h.actors.admin(), body });
  const download = async (slug: string, headers: Record<string, string> = {}) =>
    parsed(await h.app.request(`/api/file-download/${slug}`, { headers }));
  const setCustomHost = (custom_host: string | null) =>
    h.call('PUT', `/api/s3-configs/${config.id}`, { headers: h.actors.admin(), body: { custom_host } });
  const objectKeys = async () =>
    (await (await h.services.storageConfigs.storeFor(config.id)).store.list({ prefix: 'shares/' })).objects.map(
      (o) => o.key,
    );

  it('streams a form upload of unknown length into the bucket; proxy download with Range', async () => {
    const content = 'x'.repeat(100_000) + 'tail';
    const res = await uploadForm(h, content, {
      filename: 'form.txt',
      fields: { s3_config_id: config.id, slug: 's3-form', use_proxy: '1' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      storage_config_id: config.id,
      storage_type: 'S3',
      size: 100_004,
      storage_path: expect.stringMatching(/^shares\/form-/),
    });
    const tail = await download('s3-form', { Range: 'bytes=-4' });
    expect(tail.status).toBe(206);
    expect(tail.text).toBe('tail');
    expect(tail.headers.get('content-range')).toBe('bytes 100000-100003/100004');
    expect((await download('s3-form')).text).toBe(content);
  });

  it('a record-only delete keeps the object in the bucket, where it can still be reached', async () => {
    const res = await uploadDirect(h, 'keep.txt', 'kept in the bucket', {
      query: `s3_config_id=${config.id}&slug=s3-keep`,
    });
    const share = res.body.data as FileDetailDto;
    const deleted = await h.call('DELETE', '/api/files/batch-delete', {
      headers: h.actors.admin(),
      body: { ids: [share.id], delete_mode: 'record_only' },
    });
    expect(deleted.body.data).toMatchObject({ deleted: 1, failed: [] });
    expect(await objectKeys()).toContain(share.storage_path);
    expect((await download('s3-keep')).status).toBe(404);
  });

  it('upload-direct with a known length; direct mode redirects to a presigned MinIO URL', async () => {
    const res = await uploadDirect(h, 'direct.txt', 'straight to S3', {
      query: `s3_config_id=${config.id}&slug=s3-direct&use_proxy=0`,
      headers: { ...h.actors.admin(), 'Content-Length': '14' },
    });
    expect(res.status, res.text).toBe(201);
    const redirect = await h.app.request('/api/file-view/s3-direct');
    expect(redirect.status).toBe(302);
    const location = redirect.headers.get('location') ?? '';
    expect(location.startsWith(s3Server?.endpoint ?? '-')).toBe(true);
    const fromS3 = await fetch(location);
    expect(await fromS3.text()).toBe('straight to S3');
    expect(fromS3.headers.get('content-disposition')).toMatch(/^inline; filename="direct.txt"/);
  });

  it('with a custom host, a direct view goes to the plain custom-host address; downloads stay signed', async () => {
    expect((await setCustomHost('https://cdn.example.com/')).status).toBe(200);
    try {
      const res = await uploadDirect(h, 'pic ture.png', 'png', {
        query: `s3_config_id=${config.id}&slug=s3-cdn&use_proxy=0`,
        headers: { ...h.actors.admin(), 'Content-Length': '3' },
      });
      expect(res.status, res.text).toBe(201);
      const key = (res.body.data as FileDetailDto).storage_path;
      expect(key).toMatch(/^shares\/pic ture/);
      const view = await h.app.request('/api/file-view/s3-cdn');
      expect(view.status).toBe(302);
      expect(view.headers.get('location')).toBe(
        `https://cdn.example.com/${key.split('/').map(encodeURIComponent).join('/')}`,
      );
      const download = await h.app.request('/api/file-download/s3-cdn');
      expect(download.headers.get('location')?.startsWith(s3Server?.endpoint ?? '-')).toBe(true);
      const presign = (await post('/api/s3/presign', { s3_config_id: config.id, filename: 'a.txt', size: 1 })).body
        .data as FilePresignDto;
      expect(presign.s3_url).toBe(`https://cdn.example.com/${presign.storage_path}`);
    } finally {
      expect((await setCustomHost(null)).status).toBe(200);
    }
  });

  it('behind an https site, a plain-http direct link is streamed instead (browsers would block it)', async () => {
    expect((await setCustomHost('http://cdn.lan')).status).toBe(200);
    try {
      const res = await uploadDirect(h, 'note.txt', 'over plain http', {
        query: `s3_config_id=${config.id}&slug=s3-mixed&use_proxy=0`,
        headers: { ...h.actors.admin(), 'Content-Length': '15' },
      });
      expect(res.status, res.text).toBe(201);
      // Over http the view still goes to the custom host...
      expect((await h.app.request('http://driftbox.test/api/file-view/s3-mixed')).headers.get('location')).toMatch(
        /^http:\/\/cdn\.lan\//,
      );
      // ...but a page on https could not load it, so the bytes come from here.
      const secure = await h.app.request('https://driftbox.test/api/file-view/s3-mixed');
      expect(secure.status).toBe(200);
      expect(await secure.text()).toBe('over plain http');
      // MinIO on loopback stays a redirect: browsers allow http://127.0.0.1 from https pages.
      expect((await h.app.request('https://driftbox.test/api/file-download/s3-mixed')).status).toBe(302);
    } finally {
      expect((await setCustomHost(null)).status).toBe(200);
    }
  });

  it('presigned PUT to MinIO, then commit reads the real size from the bucket', async () => {
    const presign = (
      await post('/api/s3/presign', {
        s3_config_id: config.id,
        filename: 'photo.png',
        mimetype: 'image/png',
        size: 3,
        slug: 's3-presigned',
      })
    ).body.data as FilePresignDto;
    expect(presign).toMatchObject({
      storage_type: 'S3',
      provider_type: 'Other S3 Compatible',
      headers: { 'Content-Type': 'image/png' },
    });
    // The original's s3_url: the object's own (unsigned) address in the bucket.
    expect(presign.s3_url).toBe(`${s3Server?.endpoint}/${config.bucket_name}/${presign.storage_path}`);
    // The URL is signed for the declared size: S3 refuses any other.
    expect(
      (await fetch(presign.upload_url, { method: 'PUT', headers: presign.headers, body: new Uint8Array(2048) })).status,
    ).toBe(403);
    const put = await fetch(presign.upload_url, { method: 'PUT', headers: presign.headers, body: new Uint8Array(3) });
    expect(put.status).toBe(200);
    const commit = await post('/api/s3/commit', { file_id: presign.file_id, etag: put.headers.get('etag') });
    expect(commit.body.data).toMatchObject({ slug: 's3-presigned', size: 3, etag: put.headers.get('etag') });
  });

  it('commit over the capacity deletes the object and answers 413', async () => {
    try {
      const presign = (await post('/api/s3/presign', { s3_config_id: config.id, filename: 'big.bin', size: 150_000 }))
        .body.data as FilePresignDto;
      expect(
        (await fetch(presign.upload_url, { method: 'PUT', headers: presign.headers, body: new Uint8Array(150_000) }))
          .status,
      ).toBe(200);
      const staging = `shares/.driftbox-staging/${presign.file_id}`;
      expect(await objectKeys()).toContain(staging);
      // The space shrank while the browser uploaded (another share, a smaller capacity).
      await h.call('PUT', `/api/s3-configs/${config.id}`, {
        headers: h.actors.admin(),
        body: { total_storage_bytes: 100_000 },
      });
      const commit = await post('/api/s3/commit', { file_id: presign.file_id });
      expect(commit.body).toMatchObject({
        code: 413,
        message: expect.stringMatching(/^Insufficient storage: file size 146\.5 KB, remaining space/),
      });
      expect(await objectKeys()).not.toContain(presign.storage_path);
      expect(await objectKeys()).not.toContain(staging);
    } finally {
      await h.call('PUT', `/api/s3-configs/${config.id}`, {
        headers: h.actors.admin(),
        body: { total_storage_bytes: 100 * MiB },
      });
    }
  });

  it('multipart straight to MinIO: resume after 2 of 3 parts, complete, download', async () => {
    const size = 2 * PART + 10;
    const init = (
      await post('/api/upload/multipart/init', {
        s3_config_id: config.id,
        filename: 'video.mp4',
        size,
        partSize: PART,
        partCount: 3,
        slug: 's3-multi',
        use_proxy: true,
      })
    ).body.data as MultipartInitDto;
    expect(init.part_urls).toHaveLength(3);
    for (const part of init.part_urls.slice(0, 2)) {
      const res = await fetch(part.url, { method: 'PUT', body: new Uint8Array(PART).fill(part.partNumber) });
      expect(res.status).toBe(200);
    }
    const listed = (await post('/api/upload/multipart/list-parts', { file_id: init.file_id })).body
      .data as MultipartPartsDto;
    expect(listed.parts.map((p) => [p.PartNumber, p.Size])).toEqual([
      [1, PART],
      [2, PART],
    ]);
    const last = await fetch(init.part_urls[2]?.url ?? '', { method: 'PUT', body: new Uint8Array(10).fill(3) });
    const parts = [
      ...listed.parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
      { PartNumber: 3, ETag: last.headers.get('etag') ?? '' },
    ];
    const done = await post('/api/upload/multipart/complete', { file_id: init.file_id, parts });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ size, mimetype: 'video/mp4' });
    const tail = await download('s3-multi', { Range: `bytes=${size - 11}-` });
    expect([...new Uint8Array(await new Blob([tail.text]).arrayBuffer())]).toEqual([2, ...Array(10).fill(3)]);
  });

  it('multipart abort removes the upload from the bucket', async () => {
    const init = (
      await post('/api/upload/multipart/init', {
        s3_config_id: config.id,
        filename: 'gone.bin',
        size: PART + 1,
        partSize: PART,
        partCount: 2,
      })
    ).body.data as MultipartInitDto;
    await fetch(init.part_urls[0]?.url ?? '', { method: 'PUT', body: new Uint8Array(PART) });
    expect((await post('/api/upload/multipart/abort', { file_id: init.file_id })).status).toBe(200);
    const { store } = await h.services.storageConfigs.storeFor(config.id);
    await expect(store.listParts(init.storage_path, init.upload_id)).rejects.toMatchObject({
      code: 'UPLOAD_NOT_FOUND',
    });
  });

  it('a password-protected S3 share opens with the token from verify', async () => {
    const file = (
      await uploadDirect(h, 'secret.txt', 'classified', { query: `s3_config_id=${config.id}&password=pw&use_proxy=1` })
    ).body.data as FileDetailDto;
    const unlocked = (await h.call('POST', `/api/public/files/${file.slug}/verify`, { body: { password: 'pw' } })).body
      .data as FilePublicDto;
    expect((await parsed(await h.app.request((unlocked.downloadUrl ?? '').replace('http://localhost', '')))).text).toBe(
      'classified',
    );
  });
});
