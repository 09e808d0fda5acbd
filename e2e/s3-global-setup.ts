/**
 * Playwright global setup: a throwaway MinIO on loopback (random root credentials, temp data folder)
 * with one bucket, for the S3 half of the file-upload journey. Its address reaches the tests as
 * `E2E_S3` (JSON). `DRIFTBOX_TEST_S3=0` skips it, and the S3 case with it. Starts MinIO the way the
 * server tests do, from their cached build (packages/server/test/minio-server.ts).
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { startMinio, type MinioAddress } from '../packages/server/test/minio-server';

/** What the S3 case needs to create its storage config. */
export interface E2eS3 extends MinioAddress {
  bucket: string;
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env.DRIFTBOX_TEST_S3 === '0') {
    console.warn('DRIFTBOX_TEST_S3=0: the S3 case of the file-upload journey is SKIPPED.');
    return async () => {};
  }
  const { stop, ...minio } = await startMinio('driftbox-e2e-minio-');
  const s3: E2eS3 = { ...minio, bucket: 'driftbox-e2e' };
  try {
    const client = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    await client.send(new CreateBucketCommand({ Bucket: s3.bucket }));
    client.destroy();
  } catch (err) {
    await stop();
    throw err;
  }
  process.env.E2E_S3 = JSON.stringify(s3);
  return stop;
}
