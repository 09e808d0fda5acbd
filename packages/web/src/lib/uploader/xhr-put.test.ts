import { describe, expect, it } from 'vitest';
import { UploadError } from './upload-error';
import { isMixedContent, isStorageUrl, xhrPut } from './xhr-put';

describe('xhrPut', () => {
  it('tells a presigned bucket URL from a URL on the Driftbox server', () => {
    expect(isStorageUrl('/api/local-storage/abc/part?sig=1')).toBe(false);
    expect(isStorageUrl(`${window.location.origin}/api/local-storage/abc`)).toBe(false);
    expect(isStorageUrl('http://127.0.0.1:9000/bucket/key?X-Amz-Signature=1')).toBe(true);
    expect(isStorageUrl('https://shares.s3.example.com/key')).toBe(true);
  });

  // Nothing listens on port 1: the browser gets no answer, as it does when CORS refuses the page.
  it('marks a PUT to a bucket that does not answer as NETWORK to storage', async () => {
    const body = new Blob(['x']);
    const toBucket = await xhrPut('http://127.0.0.1:1/bucket/key', body, {}).catch((e: unknown) => e);
    expect(toBucket).toBeInstanceOf(UploadError);
    expect(toBucket).toMatchObject({ code: 'NETWORK', toStorage: true });
  });

  it('knows the PUTs an https page may not send: plain http, except to loopback', () => {
    const https = 'https://paste.example.com/upload';
    expect(isMixedContent('http://minio.lan:9000/bucket/key', https)).toBe(true);
    expect(isMixedContent('http://192.168.1.20:9000/bucket/key', https)).toBe(true);
    expect(isMixedContent('https://bucket.s3.example.com/key', https)).toBe(false);
    expect(isMixedContent('/api/local-storage/abc/part', https)).toBe(false);
    expect(isMixedContent('http://127.0.0.1:9000/bucket/key', https)).toBe(false);
    expect(isMixedContent('http://localhost:9000/bucket/key', https)).toBe(false);
    expect(isMixedContent('http://minio.lan:9000/bucket/key', 'http://paste.lan:8787/upload')).toBe(false);
  });
});
