import { Permission, type UrlFetchJobDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { fileRow, localKeys, parsed } from '../files/files.test-support.js';
import { MAX_RUNNING_FETCHES } from './url-fetch.service.js';
import { serveFixture, slowWrites, url, urlUploadHarness } from './url-upload.test-support.js';

serveFixture();

describe.each(dialects)('URL upload: server-side fetch (%s)', (dialect) => {
  const { h, post } = urlUploadHarness(dialect);

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

    it('a fetch whose bytes still flow is not silent, however slowly its progress moves', async () => {
      const { file_id: fileId } = (await post('/api/url/fetch', { url: url('/slow-unsized') })).body
        .data as UrlFetchJobDto;
      const updatedAt = async () =>
        (await h.db.selectFrom('upload_jobs').select('updated_at').where('file_id', '=', fileId).executeTakeFirst())
          ?.updated_at;
      const started = await updatedAt();
      // 50 minutes without a new 8 MiB step: the next bytes report anyway.
      h.clock.advance(50 * 60 * 1000);
      for (let i = 0; i < 500 && (await updatedAt()) === started; i += 1) await new Promise((r) => setTimeout(r, 10));
      h.clock.advance(20 * 60 * 1000);
      expect(await h.services.urlFetch.sweep()).toBe(0);
      const job = (await h.call('GET', `/api/url/fetch/${fileId}`, { headers: h.actors.admin() })).body.data;
      expect(job).toMatchObject({ status: 'running', error: null });
      await post('/api/url/cancel', { file_id: fileId });
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
