import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { describe, expect, it } from 'vitest';
import { bucketBaseUrl } from './bucket-url.js';

describe('bucketBaseUrl', () => {
  const base = (endpoint_url: string, bucket_name: string, path_style: 0 | 1 = 0) =>
    bucketBaseUrl({ endpoint_url, bucket_name, path_style });

  // Each expectation is what @aws-sdk/client-s3 signs for the same endpoint and bucket.
  it('puts a one-label bucket in front of a named host, keeping the endpoint path', () => {
    expect(base('http://nas.lan:9000', 'shares')).toBe('http://shares.nas.lan:9000');
    expect(base('http://localhost:9000', 'shares')).toBe('http://shares.localhost:9000');
    expect(base('https://s3.example.com/base/', 'shares')).toBe('https://shares.s3.example.com/base');
  });

  it('addresses by path when asked, for IP endpoints and for names that are not one DNS label', () => {
    expect(base('http://nas.lan:9000', 'shares', 1)).toBe('http://nas.lan:9000/shares');
    expect(base('http://192.168.1.2:9000', 'shares')).toBe('http://192.168.1.2:9000/shares');
    expect(base('http://[::1]:9000', 'shares')).toBe('http://[::1]:9000/shares');
    expect(base('http://nas.lan:9000', 'my_bucket')).toBe('http://nas.lan:9000/my_bucket');
    expect(base('http://nas.lan:9000', 'my.bucket')).toBe('http://nas.lan:9000/my.bucket');
  });

  it('agrees with the URLs the S3 SDK signs', async () => {
    const cases: [string, string, 0 | 1][] = [
      ['http://nas.lan:9000', 'shares', 0],
      ['http://nas.lan:9000', 'shares', 1],
      ['https://s3.example.com/base', 'shares', 0],
      ['http://192.168.1.2:9000', 'shares', 0],
      ['http://nas.lan:9000', 'my_bucket', 0],
      ['http://nas.lan:9000', 'my.bucket', 0],
    ];
    for (const [endpoint, bucket, pathStyle] of cases) {
      const client = new S3Client({
        endpoint,
        region: 'auto',
        forcePathStyle: pathStyle === 1,
        credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      });
      const signed = await getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: 'k.txt' }), {
        expiresIn: 60,
      });
      client.destroy();
      expect(`${base(endpoint, bucket, pathStyle)}/k.txt`, `${endpoint} ${bucket}`).toBe(signed.split('?')[0]);
    }
  });

  it('is null for an endpoint that is not a URL', () => {
    expect(base('not a url', 'shares')).toBeNull();
  });
});
