import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Permission, type FilePresignDto, type UrlFetchJobDto } from '@driftbox/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SsrfPolicy } from '../../lib/net/ssrf.js';
import { MAX_RUNNING_FETCHES } from './url-fetch.service.js';
import { createHarness, dialects, type Harness } from '../../test/harness.js';
import { fileRow, localKeys, parsed } from '../files/files.test-support.js';

// The fixture listens on loopback, which the guard refuses; only the name `fixture.test` is trusted,
// through the injected policy. Every other name resolves to a documentation address (refused), so no
// test can send traffic anywhere else.
const FIXTURE = 'fixture.test';
/** The same fixture under another name: another origin, for redirects that cross origins. */
const MIRROR = 'mirror.test';
const policy: SsrfPolicy = {
  resolve: async (host) => (host === FIXTURE || host === MIRROR ? ['127.0.0.1'] : ['192.0.2.1']),
  trustedHosts: new Set([FIXTURE, MIRROR]),
};

let server: Server;
let port = 0;
let slowWrites = 0;
const url = (path: string) => `http://${FIXTURE}:${port}${path}`;
/** The page a browser calls from, in the tests of `corsSupported`. */
const PAGE = 'https://app.example';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/docs/report.txt') {
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '13' });
      return res.end(req.method === 'HEAD' ? undefined : 'remote report');
    }
    if (path === '/named') {
      res.writeHead(200, {
        'Content-Disposition': "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf",
        'Content-Type': 'application/pdf',
        'Content-Length': '3',
      });
      return res.end(req.method === 'HEAD' ? undefined : 'pdf');
    }
    if (path === '/no-head') {
      if (req.method === 'HEAD') return res.writeHead(405).end();
      res.writeHead(206, { 'Content-Range': 'bytes 0-0/12345', 'Content-Type': 'video/mp4' });
      return res.end('x');
    }
    if (path === '/cors.txt') {
      // Lets one page origin read it, as a bucket's CORS rule would.
      const allowed = req.headers.origin === PAGE ? PAGE : 'https://other.example';
      res.writeHead(200, {
        'Content-Type': 'text/plain',
        'Content-Length': '4',
        'Access-Control-Allow-Origin': allowed,
      });
      return res.end(req.method === 'HEAD' ? undefined : 'cors');
    }
    // Refuses any Origin it does not know, as some servers' CORS filters do.
    if (path === '/picky.txt') {
      if (req.headers.origin) return res.writeHead(403).end('Invalid CORS request');
      res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '5' });
      return res.end(req.method === 'HEAD' ? undefined : 'picky');
    }
    if (path === '/cors-elsewhere') return res.writeHead(302, { Location: `http://${MIRROR}:${port}/cors.txt` }).end();
    if (path === '/silent') return; // Never answers.
    if (path === '/page.html')
      return res.writeHead(200, { 'Content-Type': 'text/html' }).end('<script>alert(1)</script>');
    if (path === '/to-private') return res.writeHead(302, { Location: 'http://10.0.0.1/secret' }).end();
    if (path === '/to-metadata')
      return res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/chunked-big') {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      for (let i = 0; i < 8; i += 1) res.write(Buffer.alloc(1024, 1));
      return res.end();
    }
    if (path === '/slow') {
      res.writeHead(200, { 'Content-Length': String(1024 * 1024), 'Content-Type': 'application/octet-stream' });
      const timer = setInterval(() => {
        slowWrites += 1;
        res.write(Buffer.alloc(1024, 2));
      }, 20);
      res.on('close', () => clearInterval(timer));
      return;
    }
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe.each(dialects)('URL upload (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect, urlPolicy: policy });
  });
  afterEach(async () => {
    await h.close();
  });

  const post = (path: string, body: unknown, headers = h.actors.admin()) => h.call('POST', path, { headers, body });

  /** Polls a server-side fetch until it ends. */
  async function settled(fileId: string): Promise<UrlFetchJobDto> {
    for (let i = 0; i < 500; i += 1) {
      const job = (await h.call('GET', `/api/url/fetch/${fileId}`, { headers: h.actors.admin() })).body
        .data as UrlFetchJobDto;
      if (job.status !== 'running') return job;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the fetch did not end');
  }

  describe('POST /api/url/info', () => {
    it('names, sizes and types what the URL serves', async () => {
      expect((await post('/api/url/info', { url: url('/docs/report.txt') })).body.data).toEqual({
        url: url('/docs/report.txt'),
        filename: 'report.txt',
        size: 13,
        contentType: 'text/plain',
        lastModified: null,
        method: 'HEAD',
        corsSupported: false,
        type: 4,
        typeName: 'text',
      });
      expect((await post('/api/url/info', { url: url('/named') })).body.data).toMatchObject({
        filename: '报告.pdf',
        size: 3,
        contentType: 'application/pdf',
        type: 7,
        typeName: 'document',
      });
      expect((await post('/api/url/info', { url: url('/no-head') })).body.data).toMatchObject({
        filename: 'no-head',
        size: 12345,
        contentType: 'video/mp4',
        method: 'GET',
        type: 2,
        typeName: 'video',
      });
    });

    it("says whether the source lets the calling page fetch it (corsSupported), asked with the page's Origin", async () => {
      const fromPage = { ...h.actors.admin(), Origin: PAGE };
      expect((await post('/api/url/info', { url: url('/cors.txt') }, fromPage)).body.data).toMatchObject({
        size: 4,
        corsSupported: true,
      });
      // Without an Origin the page is the server's own, which this source does not allow.
      expect((await post('/api/url/info', { url: url('/cors.txt') })).body.data).toMatchObject({
        corsSupported: false,
      });
      expect(
        (
          await post(
            '/api/url/info',
            { url: url('/cors.txt') },
            { ...h.actors.admin(), Origin: 'https://elsewhere.example' },
          )
        ).body.data,
      ).toMatchObject({ corsSupported: false });
      // A browser would need every hop's consent: a redirect to another origin is not supported.
      expect((await post('/api/url/info', { url: url('/cors-elsewhere') }, fromPage)).body.data).toMatchObject({
        size: 4,
        corsSupported: false,
      });
      // A source that refuses unknown Origins is still looked at (the probe sends none), just not for CORS.
      expect((await post('/api/url/info', { url: url('/picky.txt') }, fromPage)).body.data).toMatchObject({
        filename: 'picky.txt',
        size: 5,
        corsSupported: false,
      });
    });

    it.each([
      ['loopback', 'http://127.0.0.1:1/'],
      ['a private address', 'http://192.168.1.1/'],
      ['the metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['a redirect to a private address', '/to-private'],
      ['a redirect to the metadata address', '/to-metadata'],
      ['a name resolving to a reserved address', 'http://elsewhere.test/file'],
    ])('400 for %s', async (_name, target) => {
      const res = await post('/api/url/info', { url: target.startsWith('/') ? url(target) : target });
      expect(res.body).toMatchObject({
        code: 400,
        success: false,
        error: 'BAD_REQUEST',
        message: 'The URL points to a private, loopback or reserved address',
      });
    });

    it('400 for other schemes, and for a source answering an error', async () => {
      expect((await post('/api/url/info', { url: 'file:///etc/passwd' })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
      });
      expect((await post('/api/url/info', { url: url('/missing') })).body).toMatchObject({
        code: 400,
        message: 'The URL answered HTTP 404',
      });
    });
  });

  describe('GET /api/url/proxy', () => {
    it('streams the source back as an attachment, never as a page of this origin', async () => {
      const res = await parsed(
        await h.app.request(`/api/url/proxy?url=${encodeURIComponent(url('/page.html'))}`, {
          headers: h.actors.admin(),
        }),
      );
      expect(res.status).toBe(200);
      expect(res.text).toBe('<script>alert(1)</script>');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    });

    it('400 for a refused address; the body is capped at the upload limit', async () => {
      expect(
        (
          await h.call('GET', `/api/url/proxy?url=${encodeURIComponent('http://169.254.169.254/')}`, {
            headers: h.actors.admin(),
          })
        ).status,
      ).toBe(400);
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { max_upload_size: '4', max_upload_size_unit: 'KB' },
      });
      const res = await h.app.request(`/api/url/proxy?url=${encodeURIComponent(url('/chunked-big'))}`, {
        headers: h.actors.admin(),
      });
      await expect(res.arrayBuffer()).rejects.toThrow();
    });
  });

  describe('browser-driven upload of a URL', () => {
    it('presign names the share after the source; PUT and commit publish it', async () => {
      const res = await post('/api/url/presign', { url: url('/docs/report.txt'), size: 13, slug: 'from-url' });
      const data = res.body.data as FilePresignDto & { sourceUrl: string };
      expect(data).toMatchObject({ slug: 'from-url', sourceUrl: url('/docs/report.txt'), contentType: 'text/plain' });
      expect((await fileRow(h, data.file_id))?.filename).toBe('report.txt');
      await h.app.request(data.upload_url, {
        method: 'PUT',
        body: new TextEncoder().encode('remote report'),
        headers: { ...data.headers, 'Content-Length': '13' },
      });
      expect((await post('/api/url/commit', { file_id: data.file_id })).body.data).toMatchObject({
        slug: 'from-url',
        size: 13,
      });
    });

    it('multipart: init from the source metadata, PUT the part, complete', async () => {
      const started = (
        await post('/api/url/multipart/init', {
          url: url('/named'),
          metadata: { size: 3, filename: 'r.pdf', contentType: 'application/pdf' },
          slug: 'url-multi',
        })
      ).body.data as { file_id: string; upload_id: string; part_urls: { url: string }[] };
      const part = await h.app.request(started.part_urls[0]?.url ?? '', {
        method: 'PUT',
        body: new TextEncoder().encode('pdf'),
        headers: { 'Content-Length': '3' },
      });
      const parts = [{ PartNumber: 1, ETag: part.headers.get('etag') }];
      const done = await post('/api/url/multipart/complete', {
        file_id: started.file_id,
        upload_id: started.upload_id,
        parts,
      });
      expect(done.body.data).toMatchObject({
        slug: 'url-multi',
        filename: 'r.pdf',
        mimetype: 'application/pdf',
        size: 3,
      });
      // The original's names beside ours.
      expect(done.body.data).toMatchObject({
        success: true,
        fileId: started.file_id,
        s3Url: null,
        url: 'http://localhost/file/url-multi',
      });
    });

    it('presign and multipart init say whether the page may fetch the source itself (corsSupported)', async () => {
      const fromPage = { ...h.actors.admin(), Origin: PAGE };
      const open = await post('/api/url/presign', { url: url('/cors.txt'), size: 4 }, fromPage);
      expect(open.body.data).toMatchObject({ corsSupported: true, sourceUrl: url('/cors.txt') });
      const closed = await post('/api/url/multipart/init', { url: url('/docs/report.txt'), size: 13 }, fromPage);
      expect(closed.body.data).toMatchObject({ corsSupported: false, sourceUrl: url('/docs/report.txt') });
      // A source that cannot be asked is not supported; the presign itself still works.
      const unreachable = await post('/api/url/presign', { url: url('/missing'), size: 4 }, fromPage);
      expect(unreachable.body.data).toMatchObject({ corsSupported: false });
      // Nor one that does not answer in time: the presign waits for it briefly, not for the source.
      const silent = await post('/api/url/presign', { url: url('/silent'), size: 4 }, fromPage);
      expect(silent.status, silent.text).toBe(200);
      expect(silent.body.data).toMatchObject({ corsSupported: false });
    });

    it('multipart init and presign need the size; abort and cancel discard the upload', async () => {
      expect((await post('/api/url/multipart/init', { url: url('/named') })).body).toMatchObject({
        code: 400,
        details: [{ path: 'size' }],
      });
      const started = (
        await post('/api/url/multipart/init', { url: url('/named'), metadata: { size: 3, filename: 'r.pdf' } })
      ).body.data as { file_id: string; part_urls: unknown[] };
      expect(started.part_urls).toHaveLength(1);
      expect((await post('/api/url/multipart/abort', { file_id: started.file_id })).status).toBe(200);
      // The upload URL is signed for the size, so it must be known.
      expect((await post('/api/url/presign', { url: url('/named') })).body).toMatchObject({
        code: 400,
        details: [{ path: 'size' }],
      });
      const presigned = (await post('/api/url/presign', { url: url('/named'), metadata: { size: 3 } })).body
        .data as FilePresignDto;
      expect((await post('/api/url/cancel', { file_id: presigned.file_id })).status).toBe(200);
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
    });
  });

  describe('server-side fetch (POST /api/url/fetch)', () => {
    it('202 at once, then streams into storage and reports 100 % with the share link', async () => {
      const res = await post('/api/url/fetch', {
        url: url('/docs/report.txt'),
        slug: 'fetched',
        remark: 'r',
        use_proxy: true,
      });
      expect(res.status, res.text).toBe(202);
      expect(res.body.data).toMatchObject({ slug: 'fetched', status: 'running', bytes_total: 13 });
      const job = await settled((res.body.data as UrlFetchJobDto).file_id);
      expect(job).toMatchObject({
        status: 'completed',
        progress: 100,
        error: null,
        url: 'http://localhost/file/fetched',
      });
      expect((await parsed(await h.app.request('/api/file-download/fetched'))).text).toBe('remote report');
      expect(await fileRow(h, 'fetched')).toMatchObject({
        filename: 'report.txt',
        mimetype: 'text/plain',
        remark: 'r',
      });
      // A cancel that comes after the fetch completed is too late: 409, and the share stays.
      const late = await post(
        '/api/url/cancel',
        { file_id: job.file_id },
        { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      );
      expect(late.body).toMatchObject({ code: 409, message: '抓取已经完成，分享已保留' });
      expect((await parsed(await h.app.request('/api/file-download/fetched'))).text).toBe('remote report');
    });

    it("a job silent for over an hour (its instance died) is marked failed by the sweep, in the reader's language", async () => {
      const { file_id: fileId } = (await post('/api/url/fetch', { url: url('/docs/report.txt') })).body
        .data as UrlFetchJobDto;
      await settled(fileId);
      await h.db.updateTable('upload_jobs').set({ status: 'running' }).where('file_id', '=', fileId).execute();
      h.clock.advance(2 * 60 * 60 * 1000);
      expect(await h.services.urlFetch.sweep()).toBe(1);
      const job = (
        await h.call('GET', `/api/url/fetch/${fileId}`, { headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' } })
      ).body.data as UrlFetchJobDto;
      expect(job).toMatchObject({ status: 'failed', error: '已中断：抓取期间服务器停止了' });
    });

    it('refused targets and failing sources are answered at once, leaving nothing', async () => {
      expect((await post('/api/url/fetch', { url: url('/to-metadata') })).body).toMatchObject({ code: 400 });
      expect((await post('/api/url/fetch', { url: url('/missing') })).body).toMatchObject({
        code: 400,
        message: 'The URL answered HTTP 404',
      });
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
    });

    it('a body growing past the upload limit fails the job and leaves no share', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { max_upload_size: '4', max_upload_size_unit: 'KB' },
      });
      const res = await post('/api/url/fetch', { url: url('/chunked-big') });
      const job = await settled((res.body.data as UrlFetchJobDto).file_id);
      expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/too large|larger than allowed/i) });
      // Each poll answers in its caller's language.
      const zh = (
        await h.call('GET', `/api/url/fetch/${job.file_id}`, {
          headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
        })
      ).body.data as UrlFetchJobDto;
      expect(zh.error).toMatch(/[\u4e00-\u9fff]/);
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
      expect(await localKeys(h)).toEqual([]);
    });

    it('cancel stops the transfer and deletes the pending share; other keys see 404', async () => {
      const res = await post('/api/url/fetch', { url: url('/slow') });
      const { file_id: fileId } = res.body.data as UrlFetchJobDto;
      const other = await h.actors.apiKey(Permission.FILE_SHARE);
      expect((await h.call('GET', `/api/url/fetch/${fileId}`, { headers: other })).status).toBe(404);
      expect((await post('/api/url/cancel', { file_id: fileId }, other)).status).toBe(404);
      // Another key's cancel must not have touched the transfer.
      expect(
        ((await h.call('GET', `/api/url/fetch/${fileId}`, { headers: h.actors.admin() })).body.data as UrlFetchJobDto)
          .status,
      ).toBe('running');
      expect((await post('/api/url/cancel', { file_id: fileId })).status).toBe(200);
      expect(await settled(fileId)).toMatchObject({ status: 'cancelled', error: 'Cancelled' });
      expect(
        (
          (await h.call('GET', `/api/url/fetch/${fileId}`, { headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' } }))
            .body.data as UrlFetchJobDto
        ).error,
      ).toBe('已取消');
      const writes = slowWrites;
      await new Promise((r) => setTimeout(r, 100));
      expect(slowWrites - writes).toBeLessThan(3);
      expect(await fileRow(h, fileId)).toBeUndefined();
    });

    it('shutdown stops the fetches running here and waits until each discarded its share and said why', async () => {
      const { file_id: fileId } = (await post('/api/url/fetch', { url: url('/slow') })).body.data as UrlFetchJobDto;
      await h.services.urlFetch.stop();
      const job = await h.db.selectFrom('upload_jobs').selectAll().where('file_id', '=', fileId).executeTakeFirst();
      expect(job).toMatchObject({ status: 'failed' });
      expect(job?.error).toContain('Interrupted: the server stopped during the fetch');
      expect(await fileRow(h, fileId)).toBeUndefined();
    });

    it(`one creator runs at most ${MAX_RUNNING_FETCHES} fetches at once; another creator, or the same once one ended, may start`, async () => {
      const started: string[] = [];
      for (let i = 0; i < MAX_RUNNING_FETCHES; i += 1)
        started.push(((await post('/api/url/fetch', { url: url('/slow') })).body.data as UrlFetchJobDto).file_id);
      const refused = await post('/api/url/fetch', { url: url('/slow') });
      expect(refused.body).toMatchObject({
        code: 429,
        error: 'RATE_LIMITED',
        message: `At most ${MAX_RUNNING_FETCHES} URL fetches run at once: wait for one to finish`,
      });
      const other = await h.actors.apiKey(Permission.FILE_SHARE);
      const theirs = await post('/api/url/fetch', { url: url('/docs/report.txt') }, other);
      expect(theirs.status, theirs.text).toBe(202);
      await post('/api/url/cancel', { file_id: started[0] });
      await settled(started[0] ?? '');
      expect((await post('/api/url/fetch', { url: url('/docs/report.txt') })).status).toBe(202);
      for (const id of started.slice(1)) await post('/api/url/cancel', { file_id: id });
    });

    it('the limit holds for requests sent together, while the first still waits for its source', async () => {
      const answers = await Promise.all(
        Array.from({ length: MAX_RUNNING_FETCHES + 3 }, () => post('/api/url/fetch', { url: url('/slow') })),
      );
      const started = answers.filter((a) => a.status === 202).map((a) => (a.body.data as UrlFetchJobDto).file_id);
      expect(started).toHaveLength(MAX_RUNNING_FETCHES);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(3);
      for (const id of started) await post('/api/url/cancel', { file_id: id });
    });
  });
});
