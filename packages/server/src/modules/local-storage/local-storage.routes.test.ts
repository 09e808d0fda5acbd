import { Readable } from 'node:stream';
import type { StorageConfigDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signLocalUrl } from '../../storage/local-signing.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { createHarness, dialects, testCrypto, type Harness } from '../../test/harness.js';

describe.each(dialects)('local-storage signed URLs (%s)', (dialect) => {
  let h: Harness;
  let store: ObjectStore;
  beforeEach(async () => {
    h = await createHarness({ dialect });
    store = (await h.services.storageConfigs.storeFor('local')).store;
  });
  afterEach(async () => {
    await h.close();
  });

  const request = (url: string, init?: RequestInit) => Promise.resolve(h.app.request(url, init));
  const putText = (key: string, text: string) =>
    store.put(key, Readable.from([Buffer.from(text)]), { contentLength: Buffer.byteLength(text) });
  const envelopeOf = async (res: Response) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  });

  it('uploads with a presigned PUT (ETag header, empty body) and downloads with GET and HEAD', async () => {
    const put = await store.presignPut('docs/a.txt', { expiresIn: 60, contentType: 'text/plain' });
    const uploaded = await request(put.url, { method: 'PUT', headers: put.headers, body: 'hello world' });
    expect(uploaded.status).toBe(200);
    expect(uploaded.headers.get('etag')).toBe((await store.head('docs/a.txt')).etag);
    expect(await uploaded.text()).toBe('');

    const get = await store.presignGet('docs/a.txt', { expiresIn: 60, contentType: 'text/plain' });
    const res = await request(get.url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('hello world');
    expect(res.headers.get('content-length')).toBe('11');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    const head = await request(get.url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('11');
    expect(await head.text()).toBe('');
  });

  it('uploads a multipart part through its presigned URL', async () => {
    const uploadId = await store.createMultipart('big.bin');
    const part = await store.presignPart('big.bin', uploadId, 1, { expiresIn: 60 });
    const res = await request(part.url, { method: 'PUT', headers: { 'Content-Length': '8' }, body: 'part one' });
    expect(res.status).toBe(200);
    expect(await store.listParts('big.bin', uploadId)).toEqual([
      { partNumber: 1, etag: res.headers.get('etag'), size: 8 },
    ]);
  });

  it('answers 416 with the size for a range past the end', async () => {
    await putText('r.txt', '12345');
    const get = await store.presignGet('r.txt', { expiresIn: 60 });
    const res = await request(get.url, { headers: { Range: 'bytes=10-' } });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */5');
  });

  it('serves a range only while If-Range names the object', async () => {
    const info = await putText('resume.txt', '0123456789');
    const get = await store.presignGet('resume.txt', { expiresIn: 60 });
    const part = await request(get.url, { headers: { Range: 'bytes=5-', 'If-Range': info.etag } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe('56789');
    const stale = await request(get.url, { headers: { Range: 'bytes=5-', 'If-Range': '"stale"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('0123456789');
  });

  it('serves script-capable types only as attachments', async () => {
    await putText('page.html', '<script>alert(1)</script>');
    const get = await store.presignGet('page.html', {
      expiresIn: 60,
      contentType: 'text/html',
      contentDisposition: 'inline',
    });
    const res = await request(get.url);
    expect(res.headers.get('content-type')).toBe('text/html');
    expect(res.headers.get('content-disposition')).toBe('attachment');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('403 FORBIDDEN without a signature or with any signed field changed', async () => {
    await putText('secret.txt', 'secret');
    await putText('other.txt', 'other');
    const get = await store.presignGet('secret.txt', { expiresIn: 60 });
    const url = new URL(get.url, 'http://x');
    const variants = [
      `/api/local-storage/local/object?key=secret.txt&exp=${url.searchParams.get('exp')}`,
      get.url.replace('secret.txt', 'other.txt'),
      get.url.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 1000}`),
      get.url.replace(/sig=[^&]+/, 'sig=AAAA'),
      `${get.url}&ct=text%2Fhtml`,
    ];
    for (const variant of variants) {
      const res = await envelopeOf(await request(variant));
      expect(res, variant).toMatchObject({
        status: 403,
        body: { code: 403, success: false, error: 'FORBIDDEN', message: 'Invalid or tampered link signature' },
      });
    }
  });

  it('a download URL cannot upload, and a URL for one config does not work on another', async () => {
    const other = (
      await h.call('POST', '/api/s3-configs', {
        headers: h.actors.admin(),
        body: { name: 'disk 2', storage_type: 'LOCAL' },
      })
    ).body.data as StorageConfigDto;
    await putText('a.txt', 'a');
    const get = await store.presignGet('a.txt', { expiresIn: 60 });
    expect((await request(get.url, { method: 'PUT', body: 'overwritten' })).status).toBe(403);
    expect((await request(get.url.replace('/local/', `/${other.id}/`))).status).toBe(403);
    const put = await store.presignPut('b.txt', { expiresIn: 60 });
    expect((await request(put.url.replace('/object?', '/part?'), { method: 'PUT', body: 'x' })).status).toBe(403);
    expect((await request(put.url)).status).toBe(403);
  });

  it('410 GONE once the URL has expired', async () => {
    await putText('soon.txt', 'soon');
    const get = await store.presignGet('soon.txt', { expiresIn: 60 });
    expect((await request(get.url)).status).toBe(200);
    h.clock.advance(61_000);
    const res = await envelopeOf(await request(get.url));
    expect(res).toMatchObject({ status: 410, body: { code: 410, error: 'GONE', message: 'This link has expired' } });
  });

  it('404 for a validly signed URL of an unknown or S3 config, or a missing object', async () => {
    const mac = testCrypto().mac;
    const exp = Math.floor(h.clock.now().getTime() / 1000) + 60;
    const unknown = signLocalUrl(mac, { op: 'get', configId: 'nope', key: 'a.txt', expiresAt: exp });
    expect((await envelopeOf(await request(unknown))).body).toMatchObject({
      code: 404,
      message: 'Storage config not found',
    });
    const s3 = (
      await h.call('POST', '/api/s3-configs', {
        headers: h.actors.admin(),
        body: {
          name: 's3',
          provider_type: 'AWS S3',
          bucket_name: 'bucket',
          access_key_id: 'AKIA12345678',
          secret_access_key: 'secret',
        },
      })
    ).body.data as StorageConfigDto;
    expect(
      (await request(signLocalUrl(mac, { op: 'get', configId: s3.id, key: 'a.txt', expiresAt: exp }))).status,
    ).toBe(404);
    const missing = await store.presignGet('missing.txt', { expiresIn: 60 });
    expect((await envelopeOf(await request(missing.url))).body).toMatchObject({
      code: 404,
      error: 'NOT_FOUND',
      message: 'File not found',
    });
  });

  it('400 for an upload whose body is shorter than its Content-Length claims, leaving no object', async () => {
    const put = await store.presignPut('short.txt', { expiresIn: 60 });
    const res = await request(put.url, { method: 'PUT', headers: { 'Content-Length': '100' }, body: 'only a little' });
    expect(res.status).toBe(400);
    await expect(store.head('short.txt')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
