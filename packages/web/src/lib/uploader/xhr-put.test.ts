import { describe, expect, it } from 'vitest';
import { UploadError } from './upload-error';
import { isStorageUrl, xhrPut } from './xhr-put';

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
});
