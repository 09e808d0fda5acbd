/**
 * Access to the loopback MinIO started by `test/s3-global-setup.ts`: fresh buckets per suite, and the
 * store options that reach them.
 */
import { randomBytes } from 'node:crypto';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';
import type { S3StoreOptions } from '../storage/s3-client.js';

/** The test S3 server, or null when DRIFTBOX_TEST_S3=0. */
export const s3Server = inject('s3');

/** Creates an empty bucket on the test server and returns store options for it. */
export async function createTestBucket(label = 'test'): Promise<S3StoreOptions> {
  if (!s3Server) throw new Error('S3 is not available in this run (DRIFTBOX_TEST_S3=0)');
  const bucket = `${label}-${randomBytes(6).toString('hex')}`;
  const client = new S3Client({
    endpoint: s3Server.endpoint,
    region: s3Server.region,
    forcePathStyle: true,
    credentials: { accessKeyId: s3Server.accessKeyId, secretAccessKey: s3Server.secretAccessKey },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
  } finally {
    client.destroy();
  }
  return {
    provider: 'Other S3 Compatible',
    endpoint: s3Server.endpoint,
    region: s3Server.region,
    bucket,
    accessKeyId: s3Server.accessKeyId,
    secretAccessKey: s3Server.secretAccessKey,
    pathStyle: true,
  };
}

/** POST /api/s3-configs fields for a bucket made by `createTestBucket`: path-style, objects under shares/. */
export function s3ConfigFields(bucket: S3StoreOptions) {
  return {
    provider_type: 'Other S3 Compatible',
    endpoint_url: bucket.endpoint,
    region: bucket.region,
    bucket_name: bucket.bucket,
    access_key_id: bucket.accessKeyId,
    secret_access_key: bucket.secretAccessKey,
    path_style: true,
    default_folder: 'shares',
  };
}
