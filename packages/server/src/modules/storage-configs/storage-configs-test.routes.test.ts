import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { StorageConfigDto, StorageTestResult } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { createTestBucket, s3ConfigFields, s3Server } from '../../test/s3.js';

const CHECKS = ['list', 'write', 'read', 'presigned', 'cors', 'delete'];
const ORIGIN = 'http://driftbox.test:8787';

describe.each(dialects)('POST /api/s3-configs/{id}/test (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const runTest = async (id: string) => {
    const res = await h.call('POST', `/api/s3-configs/${id}/test`, {
      headers: { ...h.actors.admin(), Origin: ORIGIN },
    });
    expect(res.status, res.text).toBe(200);
    return { message: res.body.message, result: res.body.data as StorageTestResult };
  };

  it('passes every check on the default LOCAL config, through its own signed URLs, and leaves nothing behind', async () => {
    const { message, result } = await runTest('local');
    expect(message).toBe('Storage test passed');
    expect(result.success).toBe(true);
    expect(result.checks.map((c) => c.name)).toEqual(CHECKS);
    for (const check of result.checks)
      expect(check).toEqual({
        name: check.name,
        ok: true,
        message: expect.any(String),
        durationMs: expect.any(Number),
      });
    // The original's four results, for its clients.
    const presigned = result.checks.find((c) => c.name === 'presigned');
    expect(result.result).toMatchObject({
      read: { success: true },
      write: { success: true },
      cors: { success: true },
      frontendSim: { success: true, message: presigned?.message },
      globalNote: 'Every check passed',
    });
    const objects = path.join(h.config.dataDir, 'storage', 'local', 'objects');
    expect(existsSync(objects) ? readdirSync(objects) : []).toEqual([]);
  });

  it('404 for an unknown config', async () => {
    const res = await h.call('POST', '/api/s3-configs/nope/test', { headers: h.actors.admin() });
    expect(res.body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
  });

  describe.skipIf(s3Server === null)('against a real S3 server (MinIO)', () => {
    const createS3 = async (overrides: Record<string, unknown> = {}) => {
      const bucket = await createTestBucket('cfg');
      const res = await h.call('POST', '/api/s3-configs', {
        headers: h.actors.admin(),
        body: {
          name: `minio-${bucket.bucket}`,
          ...s3ConfigFields(bucket),
          ...overrides,
        },
      });
      expect(res.status, res.text).toBe(201);
      return res.body.data as StorageConfigDto;
    };

    it('passes every check, including CORS for the caller origin', async () => {
      const config = await createS3();
      const { result } = await runTest(config.id);
      expect(result.checks.filter((c) => !c.ok)).toEqual([]);
      expect(result.checks.map((c) => c.name)).toEqual(CHECKS);
      expect(result.checks.find((c) => c.name === 'cors')?.message).toContain(ORIGIN);
    });

    it('still works after an update that leaves the credentials empty (unchanged)', async () => {
      const config = await createS3();
      await runTest(config.id);
      const res = await h.call('PUT', `/api/s3-configs/${config.id}`, {
        headers: h.actors.admin(),
        body: { name: 'renamed', access_key_id: '', secret_access_key: '' },
      });
      expect(res.status).toBe(200);
      expect((await runTest(config.id)).result.success).toBe(true);
    });

    it('reports a wrong secret per check, and recovers once the secret is corrected', async () => {
      const config = await createS3({ secret_access_key: 'definitely-the-wrong-secret' });
      const { message, result } = await runTest(config.id);
      expect(message).toBe('Storage test found problems');
      expect(result.success).toBe(false);
      const write = result.checks.find((c) => c.name === 'write');
      expect(write).toMatchObject({ ok: false, message: expect.stringMatching(/signature|denied|access/i) });
      expect(JSON.stringify(result)).not.toContain('definitely-the-wrong-secret');
      const fixed = await h.call('PUT', `/api/s3-configs/${config.id}`, {
        headers: h.actors.admin(),
        body: { secret_access_key: s3Server?.secretAccessKey },
      });
      expect(fixed.status).toBe(200);
      expect((await runTest(config.id)).result.success).toBe(true);
    });

    it('reports a missing bucket', async () => {
      const config = await createS3();
      await h.call('PUT', `/api/s3-configs/${config.id}`, {
        headers: h.actors.admin(),
        body: { bucket_name: 'no-such-bucket-here' },
      });
      const { result } = await runTest(config.id);
      expect(result.success).toBe(false);
      expect(result.checks.find((c) => c.name === 'list')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/bucket/i),
      });
    });

    it('explains an unreachable endpoint in words, in the language of the request', async () => {
      // A port that was just free: nothing listens there, so the connection is refused at once.
      const server = createServer().listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      const config = await createS3({ endpoint_url: `http://127.0.0.1:${port}` });
      const { result } = await runTest(config.id);
      // Said once: the checks through the same connection are skipped, the browser's say they failed alike.
      const byName = Object.fromEntries(result.checks.map((c) => [c.name, c]));
      expect(byName.list).toMatchObject({
        ok: false,
        message: expect.stringMatching(/^Could not connect: the endpoint refused the connection/),
      });
      for (const name of ['write', 'read', 'delete'])
        expect(byName[name], name).toMatchObject({
          ok: false,
          skipped: true,
          message: 'Skipped: the storage could not be reached (see “List”)',
        });
      for (const name of ['presigned', 'cors'])
        expect(byName[name], name).toMatchObject({ ok: false, message: 'Failed for the same reason as “List”' });
      const zh = await h.call('POST', `/api/s3-configs/${config.id}/test`, {
        headers: { ...h.actors.admin(), Origin: ORIGIN, 'X-Language': 'zh-CN' },
      });
      expect(zh.body.message).toBe('存储测试发现问题');
      expect((zh.body.data as StorageTestResult).checks.find((c) => c.name === 'list')?.message).toMatch(
        /^无法连接：服务端点拒绝了连接/,
      );
      expect((zh.body.data as StorageTestResult).checks.find((c) => c.name === 'write')?.message).toBe(
        '已跳过：无法访问存储（见“列出”）',
      );
      // The original's one-line summary, naming what failed.
      expect(result.result.globalNote).toBe('Failed: list, write, read, presigned, cors, delete');
      expect((zh.body.data as StorageTestResult).result.globalNote).toBe(
        '未通过：list、write、read、presigned、cors、delete',
      );
    });

    it.each([200, 403, 404])(
      'says so when the endpoint is not an S3 server (a web page answering %i), without repeating its answer',
      async (status) => {
        const page = createHttpServer((_req, res) =>
          res.writeHead(status, { 'Content-Type': 'text/html' }).end('<html><body>Not here</body></html>'),
        );
        page.listen(0, '127.0.0.1');
        await once(page, 'listening');
        try {
          const config = await createS3({ endpoint_url: `http://127.0.0.1:${(page.address() as AddressInfo).port}` });
          const byName = Object.fromEntries((await runTest(config.id)).result.checks.map((c) => [c.name, c]));
          expect(byName.list).toMatchObject({
            ok: false,
            message: `The endpoint did not answer like an S3 server (HTTP ${status}): check that the endpoint URL is the S3 API address of the storage`,
          });
          for (const name of ['write', 'read', 'delete']) expect(byName[name], name).toMatchObject({ skipped: true });
          if (status !== 200)
            expect(byName.presigned?.message).toBe(
              `Presigned upload failed with HTTP ${status} (the endpoint did not answer like an S3 server)`,
            );
          else expect(byName.presigned?.ok).toBe(false);
        } finally {
          page.close();
        }
      },
    );

    it('names a port that fetch and browsers refuse to call, instead of "fetch failed"', async () => {
      const config = await createS3({ endpoint_url: 'http://127.0.0.1:9' });
      const { result } = await runTest(config.id);
      for (const name of ['presigned', 'cors']) {
        expect(result.checks.find((c) => c.name === name)).toMatchObject({
          ok: false,
          message: expect.stringMatching(/^The endpoint uses a port that browsers refuse to call/),
        });
      }
    });
  });
});
