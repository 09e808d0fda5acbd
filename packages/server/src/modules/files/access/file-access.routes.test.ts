import type { FilePublicDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, parsed, seedFile } from '../files.test-support.js';
import { HOUR, fileAccessCalls } from './file-access.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('public file access (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { info, get, views } = fileAccessCalls(h);

  describe('GET /api/public/files/{slug}', () => {
    it('counts a view of a public file and answers links carrying an access token', async () => {
      await seedFile(h, { query: { slug: 'pub', remark: 'note' } });
      const res = await info('pub');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const data = res.body.data as FilePublicDto;
      expect(data).toMatchObject({
        slug: 'pub',
        filename: 'hello.txt',
        mimetype: 'text/plain',
        size: 11,
        remark: 'note',
        views: 1,
        max_views: 0,
        requires_password: false,
        has_password: false,
        is_last_view: false,
        use_proxy: 1,
        type: 4,
        typeName: 'text',
      });
      expect(data.previewUrl).toBe(
        `http://localhost/api/file-view/pub?token=${encodeURIComponent(data.access_token ?? '')}`,
      );
      // The original's other names for the same links.
      expect(data).toMatchObject({ proxy_preview_url: data.previewUrl, proxy_download_url: data.downloadUrl });
      expect(res.text).not.toMatch(/created_by|storage_path|password_hash/);
      expect(await views('pub')).toBe(1);
    });

    it('404 for an unknown slug, and for a share still being uploaded', async () => {
      expect((await info('nothing')).body).toMatchObject({
        code: 404,
        error: 'NOT_FOUND',
        message: 'File share not found',
      });
      const presign = await h.call('POST', '/api/s3/presign', {
        headers: h.actors.admin(),
        body: { filename: 'p.txt', size: 3, slug: 'pending' },
      });
      expect(presign.status).toBe(200);
      expect((await info('pending')).status).toBe(404);
      expect((await get('/api/file-download/pending')).status).toBe(404);
    });

    it('the view reaching max_views still works (is_last_view), later ones 410', async () => {
      await seedFile(h, { query: { slug: 'twice', max_views: '2' } });
      expect((await info('twice')).body.data).toMatchObject({ views: 1, is_last_view: false });
      const last = (await info('twice')).body.data as FilePublicDto;
      expect(last).toMatchObject({ views: 2, is_last_view: true });
      expect((await info('twice')).body).toMatchObject({
        code: 410,
        error: 'GONE',
        message: 'This file has reached its view limit',
        details: [{ path: 'reason', message: 'used_up' }],
      });
      expect((await info('twice', { 'Accept-Language': 'zh-CN' })).body).toMatchObject({
        code: 410,
        message: '该文件已达到最大查看次数',
      });
      // The last viewer's token still downloads; a link without one does not.
      expect((await get(last.downloadUrl?.replace('http://localhost', '') ?? '')).text).toBe('hello world');
      expect((await get('/api/file-download/twice')).status).toBe(410);
      expect(await views('twice')).toBe(2);
    });

    it('20 parallel reads of a file limited to 5: exactly 5 succeed', async () => {
      await seedFile(h, { query: { slug: 'race', max_views: '5' } });
      const results = await Promise.all(Array.from({ length: 20 }, () => h.app.request('/api/public/files/race')));
      expect(results.filter((r) => r.status === 200)).toHaveLength(5);
      expect(results.filter((r) => r.status === 410)).toHaveLength(15);
      expect(await views('race')).toBe(5);
    });

    it('410 once expired', async () => {
      await seedFile(h, { query: { slug: 'brief', expires_in: '1' } });
      h.clock.advance(HOUR - 1);
      expect((await info('brief')).status).toBe(200);
      h.clock.advance(1);
      expect((await info('brief')).body).toMatchObject({
        code: 410,
        error: 'GONE',
        message: 'This file has expired',
        details: [{ path: 'reason', message: 'expired' }],
      });
      expect((await get('/api/file-download/brief')).status).toBe(410);
    });
  });

  describe('direct mode and office preview', () => {
    it('redirects to a signed storage link with the same safe disposition', async () => {
      await seedFile(h, { name: 'pic.png', content: 'png', query: { slug: 'direct', use_proxy: '0' } });
      const res = await h.app.request('/api/file-view/direct');
      expect(res.status).toBe(302);
      const location = res.headers.get('location') ?? '';
      expect(location).toMatch(/^\/api\/local-storage\/local\/object\?/);
      const followed = await get(location);
      expect(followed.text).toBe('png');
      expect(followed.headers.get('content-disposition')).toMatch(/^inline; filename="pic.png"/);
      const html = await seedFile(h, {
        name: 'x.html',
        content: '<b>x</b>',
        query: { slug: 'directhtml', use_proxy: '0' },
      });
      const htmlLink = (await h.app.request(`/api/file-view/${html.slug}`)).headers.get('location') ?? '';
      expect((await get(htmlLink)).headers.get('content-disposition')).toMatch(/^attachment/);
    });

    it('a PDF may be framed by the file page (its own CSP and SAMEORIGIN) in proxy and direct mode alike; other files keep the sandbox', async () => {
      for (const proxy of ['1', '0']) {
        const pdf = await seedFile(h, { name: 'paper.pdf', content: '%PDF-1.4', query: { use_proxy: proxy } });
        const first = await h.app.request(`/api/file-view/${pdf.slug}`);
        const res = proxy === '1' ? first : await h.app.request(first.headers.get('location') ?? '');
        expect(res.status, proxy).toBe(200);
        expect(res.headers.get('content-type')).toBe('application/pdf');
        expect(res.headers.get('x-frame-options'), proxy).toBe('SAMEORIGIN');
        expect(res.headers.get('content-security-policy'), proxy).toMatch(/frame-ancestors 'self'/);
        expect(res.headers.get('content-security-policy'), proxy).not.toMatch(/sandbox/);
      }
      const text = await seedFile(h, { name: 'notes.txt', query: { use_proxy: '0' } });
      const link = (await h.app.request(`/api/file-view/${text.slug}`)).headers.get('location') ?? '';
      const res = await h.app.request(link);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    });

    it('a LOCAL direct link serves only while its share is active, unexpired and on the password it was issued under', async () => {
      await seedFile(h, {
        name: 'secret.txt',
        content: 'top secret',
        query: { slug: 'dlocked', use_proxy: '0', password: 'pw-one' },
      });
      const link =
        (await h.app.request('/api/file-download/dlocked', { headers: { 'X-Password': 'pw-one' } })).headers.get(
          'location',
        ) ?? '';
      expect((await get(link)).text).toBe('top secret');
      const row = await fileRow(h, 'dlocked');
      await h.call('PUT', `/api/files/${row?.id}`, { headers: h.actors.admin(), body: { password: 'pw-two' } });
      const revoked = await get(link, { 'Accept-Language': 'zh-CN' });
      expect(revoked.status).toBe(410);
      expect(revoked.body.message).toBe('链接已失效：分享已被删除、已过期或已更换密码');

      // An edit that shortens the expiry ends the links issued before it.
      await seedFile(h, { name: 'open.txt', content: 'open', query: { slug: 'dopen', use_proxy: '0' } });
      const open = (await h.app.request('/api/file-download/dopen')).headers.get('location') ?? '';
      expect((await get(open)).status).toBe(200);
      const opened = await fileRow(h, 'dopen');
      await h.call('PUT', `/api/files/${opened?.id}`, {
        headers: h.actors.admin(),
        body: { expires_at: new Date(h.clock.now().getTime() + 60_000).toISOString() },
      });
      expect((await get(open)).status).toBe(200);
      h.clock.advance(61_000);
      expect((await get(open)).status).toBe(410);
    });

    it('a signed link lives no longer than its share: a share expiring in 10 minutes gets a 10-minute link', async () => {
      await seedFile(h, { name: 'deck.pptx', content: 'pptx', query: { slug: 'soon', expires_in: '1' } });
      h.clock.advance(50 * 60 * 1000);
      const res = await h.call('GET', '/api/office-preview/soon');
      expect(res.body.data).toMatchObject({ expires_in: 600 });
    });

    it('office-preview: an absolute temporary link for Office files, 400 for others', async () => {
      await seedFile(h, { name: 'deck.pptx', content: 'pptx', query: { slug: 'deck' } });
      const res = await h.call('GET', '/api/office-preview/deck');
      expect(res.body).toMatchObject({
        code: 200,
        url: expect.stringMatching(/^http:\/\/localhost\/api\/local-storage\/local\/object\?/),
        data: { filename: 'deck.pptx', is_temporary: true, expires_in: 3600 },
      });
      expect((await get(String(res.body.url).replace('http://localhost', ''))).text).toBe('pptx');
      // A link on localhost is out of the online viewers' reach; one on a public address is not.
      expect(res.body.data).toMatchObject({ publicly_reachable: false });
      // (A server reached on its public address: the connection arrived on it, so the host is allowed.)
      const onPublicAddress = { incoming: { socket: { localAddress: '93.184.215.14' } } } as never;
      const reached = await parsed(
        await h.app.request('http://93.184.215.14/api/office-preview/deck', {}, onPublicAddress),
      );
      expect(reached.body.data, reached.text).toMatchObject({ publicly_reachable: true });
      await seedFile(h, { query: { slug: 'plain' } });
      expect((await h.call('GET', '/api/office-preview/plain')).body).toMatchObject({
        code: 400,
        error: 'BAD_REQUEST',
      });
      expect((await h.call('GET', '/api/office-preview/missing')).status).toBe(404);
    });
  });
});
