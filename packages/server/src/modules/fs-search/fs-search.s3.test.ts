import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { StorageConfigDto } from '@driftbox/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../test/s3.js';
import type { S3StoreOptions } from '../../storage/s3-client.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { searchCalls } from './fs-search.test-support.js';

/** A folder marker (`dir/`, as S3 consoles and the original's mkdir make them): the driver writes none. */
async function putMarker(bucket: S3StoreOptions, key: string) {
  const client = new S3Client({
    endpoint: bucket.endpoint,
    region: bucket.region,
    forcePathStyle: true,
    credentials: { accessKeyId: bucket.accessKeyId, secretAccessKey: bucket.secretAccessKey },
  });
  try {
    await client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key: key, Body: '' }));
  } finally {
    client.destroy();
  }
}

describe.skipIf(s3Server === null).each(dialects)('search index of a mount on S3 (%s, MinIO)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = mountCalls(() => h);
  const s = searchCalls(() => h);
  const admin = () => h.actors.admin();
  let bucket: S3StoreOptions;
  let config: StorageConfigDto;
  let mount: { id: string };

  beforeEach(async () => {
    bucket = await createTestBucket('search');
    const res = await h.call('POST', '/api/s3-configs', {
      headers: admin(),
      body: { name: 'minio', ...s3ConfigFields(bucket), is_public: 1 },
    });
    expect(res.status, res.text).toBe(201);
    config = res.body.data as StorageConfigDto;
    await s.put(config.id, [
      'docs/report.txt',
      'docs/2024/q1/annual-report.pdf',
      'docs/2024/q2/report-q2.md',
      'shares/.driftbox-staging/report-upload',
    ]);
    await putMarker(bucket, 'empty-reports/');
    mount = await created({ name: 'bucket', mount_path: '/s3', storage_config_id: config.id });
    await s.found(admin(), { q: 'report' });
    await s.refresh();
  });

  it('fills the index from the bucket: nested folders, folder markers, no staging objects', async () => {
    expect(await s.paths(admin(), { q: 'report' })).toEqual([
      '/s3/docs/2024/q2/report-q2.md',
      '/s3/docs/report.txt',
      '/s3/docs/2024/q1/annual-report.pdf',
      '/s3/empty-reports',
    ]);
    expect(await s.paths(admin(), { q: 'q1' })).toEqual(['/s3/docs/2024/q1']);
    const file = (await s.found(admin(), { q: 'report.txt' })).results[0];
    expect(file).toMatchObject({ storage_type: 'S3', s3_key: 'docs/report.txt', mount_name: 'bucket' });
    expect(await s.paths(admin(), { q: 'upload' })).toEqual([]);
    const key = await h.actors.apiKey(256, { basicPath: '/s3/docs/2024' });
    expect(await s.paths(key, { q: 'report' })).toEqual([
      '/s3/docs/2024/q2/report-q2.md',
      '/s3/docs/2024/q1/annual-report.pdf',
    ]);
  });

  it('follows write notices and refreshes: new, removed, an empty folder marker', async () => {
    await s.put(config.id, ['new/report-new.txt']);
    await putMarker(bucket, 'made/');
    await h.services.searchIndex.changed(mount.id, ['/s3/new/report-new.txt', '/s3/made']);
    expect(await s.paths(admin(), { q: 'report-new' })).toEqual(['/s3/new/report-new.txt']);
    expect(await s.paths(admin(), { q: 'made' })).toEqual(['/s3/made']);
    await s.remove(config.id, ['docs/report.txt']);
    await h.services.searchIndex.changed(mount.id, ['/s3/docs/report.txt']);
    expect(await s.paths(admin(), { q: 'report.txt' })).toEqual([]);
    // Removed behind the index's back: gone after the next refresh.
    await s.remove(config.id, ['docs/2024/q2/report-q2.md']);
    h.clock.advance(301_000);
    await s.found(admin(), { q: 'report' });
    await s.refresh();
    expect(await s.paths(admin(), { q: 'q2' })).toEqual([]);
    expect(await s.paths(admin(), { q: 'report' })).toEqual([
      '/s3/new/report-new.txt',
      '/s3/docs/2024/q1/annual-report.pdf',
      '/s3/empty-reports',
    ]);
  });
});
