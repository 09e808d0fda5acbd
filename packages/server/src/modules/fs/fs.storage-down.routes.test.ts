import type { StorageConfigDto } from '@driftbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../test/s3.js';
import { freePort } from '../../test/main-process.js';
import { seedFile } from '../files/files.test-support.js';
import { fsCalls } from './fs.test-support.js';

describe.skipIf(!s3Server).each(dialects)('a mount whose S3 storage is down (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  let configId = '';
  let fields: ReturnType<typeof s3ConfigFields>;
  const name = `down-${dialect}`;

  beforeAll(async () => {
    fields = s3ConfigFields(await createTestBucket('down'));
    // Nothing listens on a port just freed: connections are refused, as when MinIO is stopped.
    const closed = `http://127.0.0.1:${await freePort()}`;
    const res = await h.call('POST', '/api/s3-configs', {
      headers: h.actors.admin(),
      body: { name, ...fields, endpoint_url: closed, is_public: 1 },
    });
    expect(res.status, res.text).toBe(201);
    configId = (res.body.data as StorageConfigDto).id;
    await fs.mount(configId, '/down', { cache_ttl: 0 });
  });

  it('answers 503 quickly, naming the storage, in both languages; then serves once the storage is back', async () => {
    const started = Date.now();
    const res = await fs.list('/down');
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.status, res.text).toBe(503);
    expect(res.body).toMatchObject({
      success: false,
      message: `The storage "${name}" cannot be reached; try again later`,
    });
    const zh = await fs.list('/down', { ...h.actors.admin(), 'X-Language': 'zh-CN' });
    expect(zh.status).toBe(503);
    expect(zh.body.message).toBe(`无法连接存储“${name}”，请稍后再试`);
    const download = await fs.download('/down/a.txt');
    expect(download.status).toBe(503);

    // The storage comes back (here: the config now points at the running MinIO): no restart needed.
    const fixed = await h.call('PUT', `/api/s3-configs/${configId}`, {
      headers: h.actors.admin(),
      body: { endpoint_url: fields.endpoint_url },
    });
    expect(fixed.status, fixed.text).toBe(200);
    await fs.seed(configId, { 'a.txt': 'back' });
    const again = await fs.download('/down/a.txt');
    expect(again.status, again.text).toBe(200);
    expect(again.text).toBe('back');
    expect((await fs.list('/down')).status).toBe(200);
  });

  it('a file share on the storage answers 503 naming it while it is down, and its bytes once it is back', async () => {
    const point = (endpoint_url: string) =>
      h.call('PUT', `/api/s3-configs/${configId}`, { headers: h.actors.admin(), body: { endpoint_url } });
    expect((await point(fields.endpoint_url)).status).toBe(200);
    await seedFile(h, {
      name: 'kept.txt',
      content: 'kept bytes',
      query: { s3_config_id: configId, slug: `kept-${dialect}` },
    });
    expect((await point(`http://127.0.0.1:${await freePort()}`)).status).toBe(200);

    const started = Date.now();
    const down = await fs.raw(`/api/file-download/kept-${dialect}`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(down.status, down.text).toBe(503);
    expect(down.body.message).toBe(`The storage "${name}" cannot be reached; try again later`);

    expect((await point(fields.endpoint_url)).status).toBe(200);
    const back = await fs.raw(`/api/file-download/kept-${dialect}`);
    expect(back.status, back.text).toBe(200);
    expect(back.text).toBe('kept bytes');
  });
});
