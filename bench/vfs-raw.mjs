// The "vfs" section's raw side, bundled with esbuild (it imports the drivers' TypeScript source, as
// files-driver.mjs does) and imported by vfs.mjs: the LOCAL and S3 drivers the server lists through, and the
// throwaway MinIO of the test harness (packages/server/test/minio-server.ts), started only from its cached binary.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { systemClock } from '../packages/server/src/lib/clock.ts';
import { createMac } from '../packages/server/src/lib/crypto/mac.ts';
import { createLocalStore } from '../packages/server/src/storage/local.driver.ts';
import { createS3Store } from '../packages/server/src/storage/s3.driver.ts';
import { cacheDir, MINIO_VERSION } from '../packages/server/test/minio-binary.ts';
import { startMinio } from '../packages/server/test/minio-server.ts';

/** The LOCAL driver over a config's folder (DATA_DIR/storage/<configId>), as the server builds it. */
export function localStore(root) {
  return createLocalStore({
    configId: 'bench',
    root,
    mac: createMac('bench-only-secret-0123456789abcdefghij'),
    clock: systemClock(),
  });
}

/** Where the test harness caches its MinIO build; the bench never builds it (minutes on 2 cores). */
export function minioBinary() {
  const binary = join(cacheDir(), 'minio', MINIO_VERSION, 'minio');
  return existsSync(binary) ? binary : null;
}

/**
 * Starts MinIO (cached binary), creates `bucket` and returns the S3 driver over it, `put(keys)` (PutObject,
 * `parallel` at a time, a few bytes each), the store options and `stop()`.
 */
export async function minioBucket(bucket, parallel = 32) {
  const minio = await startMinio('driftbox-bench-minio-');
  const options = {
    provider: 'Other S3 Compatible',
    endpoint: minio.endpoint,
    region: minio.region,
    bucket,
    accessKeyId: minio.accessKeyId,
    secretAccessKey: minio.secretAccessKey,
    pathStyle: true,
  };
  const client = new S3Client({
    endpoint: minio.endpoint,
    region: minio.region,
    forcePathStyle: true,
    credentials: { accessKeyId: minio.accessKeyId, secretAccessKey: minio.secretAccessKey },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  async function put(keys) {
    let next = 0;
    const worker = async () => {
      while (next < keys.length) {
        const key = keys[next++];
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: `object ${key}\n` }));
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
  }
  return {
    options,
    store: createS3Store(options),
    put,
    async stop() {
      client.destroy();
      await minio.stop();
    },
  };
}
