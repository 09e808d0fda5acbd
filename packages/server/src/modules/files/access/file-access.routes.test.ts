import type { FilePublicDto } from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, dialects, type Harness } from '../../../test/harness.js';
import { fileRow, parsed, seedFile } from '../files.test-support.js';

const HOUR = 3600_000;

describe.each(dialects)('public file access (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const info = (slug: string, headers: Record<string, string> = {}) =>
    h.call('GET', `/api/public/files/${slug}`, { headers });
  const verify = (slug: string, password: unknown) =>
    h.call('POST', `/api/public/files/${slug}/verify`, { body: { password } });
  const get = async (path: string, headers: Record<string, string> = {}) =>
    parsed(await h.app.request(path, { headers }));
  const views = async (slug: string) => (await fileRow(h, slug))?.views;

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

  describe('password-protected files', () => {
    beforeEach(async () => {
      await seedFile(h, { query: { slug: 'locked', password: 'open sesame', max_views: '3' } });
    });

    it('metadata without a token: no links, nothing counted', async () => {
      expect((await info('locked')).body.data).toMatchObject({
        requires_password: true,
        has_password: true,
        previewUrl: null,
        downloadUrl: null,
        access_token: null,
        views: 0,
      });
      expect(await views('locked')).toBe(0);
    });

    it('401 for view/download without a token, and with a forged one', async () => {
      expect((await get('/api/file-download/locked')).body).toMatchObject({
        code: 401,
        error: 'UNAUTHORIZED',
        message: 'This file needs a password',
      });
      expect((await get('/api/file-view/locked?token=forged.token')).status).toBe(401);
    });

    it('a script may send the password with the link (?password= or X-Password): checked, rate-limited and counted like verify', async () => {
      const download = await get('/api/file-download/locked?password=open%20sesame');
      expect(download.status).toBe(200);
      expect(download.text).toBe('hello world');
      expect((await get('/api/file-view/locked', { 'X-Password': 'open sesame' })).text).toBe('hello world');
      expect(await views('locked')).toBe(2);
      expect((await get('/api/file-download/locked?password=nope')).body).toMatchObject({
        code: 401,
        error: 'WRONG_PASSWORD',
        message: 'Wrong password',
      });
      // A HEAD checks the password but uses up no view.
      expect(
        (await h.app.request('/api/file-download/locked', { method: 'HEAD', headers: { 'X-Password': 'open sesame' } }))
          .status,
      ).toBe(200);
      expect(await views('locked')).toBe(2);
      // The third and last allowed view, then 410.
      expect((await get('/api/file-download/locked?password=open%20sesame')).status).toBe(200);
      expect((await get('/api/file-download/locked?password=open%20sesame')).status).toBe(410);
    });

    it("guesses sent with links share the verify route's limit: 429 after 20 from one client", async () => {
      for (let i = 0; i < 10; i += 1)
        expect((await get(`/api/file-download/locked?password=guess-${i}`)).status).toBe(401);
      for (let i = 10; i < 20; i += 1) expect((await verify('locked', `guess-${i}`)).status).toBe(401);
      expect((await get('/api/file-view/locked', { 'X-Password': 'open sesame' })).body).toMatchObject({
        code: 429,
        error: 'RATE_LIMITED',
      });
    });

    it('verify: 401 wrong password, then a counted view with a token that opens view and download', async () => {
      expect((await verify('locked', 'nope')).body).toMatchObject({
        code: 401,
        error: 'WRONG_PASSWORD',
        message: 'Wrong password',
      });
      const ok = await verify('locked', 'open sesame');
      const data = ok.body.data as FilePublicDto;
      expect(data).toMatchObject({ requires_password: false, views: 1, access_token: expect.any(String) });
      expect(data.downloadUrl).not.toContain('sesame');
      const download = await get(`/api/file-download/locked?token=${encodeURIComponent(data.access_token ?? '')}`);
      expect(download.status).toBe(200);
      expect(download.text).toBe('hello world');
      const viaHeader = await get('/api/file-view/locked', { 'X-File-Token': data.access_token ?? '' });
      expect(viaHeader.status).toBe(200);
      // Downloads with the token count nothing more; metadata with the token neither.
      expect((await info('locked', { 'X-File-Token': data.access_token ?? '' })).body.data).toMatchObject({
        views: 1,
        requires_password: false,
      });
      expect(await views('locked')).toBe(1);
    });

    it('a password change invalidates tokens issued before', async () => {
      const token = ((await verify('locked', 'open sesame')).body.data as FilePublicDto).access_token ?? '';
      const row = await fileRow(h, 'locked');
      await h.call('PUT', `/api/files/${row?.id}`, { headers: h.actors.admin(), body: { password: 'new one' } });
      expect((await get(`/api/file-download/locked?token=${encodeURIComponent(token)}`)).status).toBe(401);
    });

    it('tokens expire', async () => {
      const token = ((await verify('locked', 'open sesame')).body.data as FilePublicDto).access_token ?? '';
      h.clock.advance(HOUR + 1);
      expect((await get(`/api/file-download/locked?token=${encodeURIComponent(token)}`)).status).toBe(401);
    });

    it('400 for a file without a password, 400 for an empty password', async () => {
      await seedFile(h, { query: { slug: 'open' } });
      expect((await verify('open', 'x')).body).toMatchObject({
        code: 400,
        error: 'BAD_REQUEST',
        message: 'This file has no password',
      });
      expect((await verify('locked', '')).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      // Dead first: an expired share without a password is 410, as everywhere else.
      await seedFile(h, { query: { slug: 'short', expires_in: '1' } });
      h.clock.advance(HOUR + 1);
      expect((await verify('short', 'x')).body).toMatchObject({ code: 410, error: 'GONE' });
    });

    it('the right password sent with every download never runs into the limit (a script with X-Password)', async () => {
      await seedFile(h, { query: { slug: 'report', password: 'open sesame' } });
      for (let i = 0; i < 30; i += 1)
        expect((await get('/api/file-download/report', { 'X-Password': 'open sesame' })).status).toBe(200);
      for (let i = 0; i < 19; i += 1) expect((await verify('report', `guess-${i}`)).status).toBe(401);
      expect((await get('/api/file-download/report', { 'X-Password': 'open sesame' })).status).toBe(200);
    });

    it('429 after 20 guesses from one client, before any hash is computed', async () => {
      for (let i = 0; i < 20; i += 1) expect((await verify('locked', `guess-${i}`)).status).toBe(401);
      const limited = await verify('locked', 'open sesame');
      expect(limited.body).toMatchObject({ code: 429, error: 'RATE_LIMITED' });
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    });
  });

  describe('GET /api/file-view|file-download/{slug} (proxy mode)', () => {
    it('streams with the right disposition, length and caching headers', async () => {
      await seedFile(h, { name: 'notes.txt', query: { slug: 'doc' } });
      const view = await get('/api/file-view/doc');
      expect(view.status).toBe(200);
      expect(view.text).toBe('hello world');
      expect(view.headers.get('content-type')).toBe('text/plain');
      expect(view.headers.get('content-disposition')).toBe(`inline; filename="notes.txt"; filename*=UTF-8''notes.txt`);
      expect(view.headers.get('content-length')).toBe('11');
      expect(view.headers.get('accept-ranges')).toBe('bytes');
      expect(view.headers.get('x-content-type-options')).toBe('nosniff');
      expect(view.headers.get('content-security-policy')).toMatch(/^sandbox/);
      const download = await get('/api/file-download/doc');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="notes.txt"/);
    });

    it('Range: 206 with Content-Range, 416 past the end', async () => {
      await seedFile(h, { query: { slug: 'ranged' } });
      const part = await get('/api/file-download/ranged', { Range: 'bytes=6-' });
      expect(part.status).toBe(206);
      expect(part.text).toBe('world');
      expect(part.headers.get('content-range')).toBe('bytes 6-10/11');
      const suffix = await get('/api/file-download/ranged', { Range: 'bytes=-5' });
      expect(suffix.text).toBe('world');
      const beyond = await get('/api/file-download/ranged', { Range: 'bytes=50-' });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe('bytes */11');
    });

    it('If-Range: the range while the validator names the stored file, else the whole file', async () => {
      await seedFile(h, { query: { slug: 'resumed' } });
      const first = await get('/api/file-download/resumed');
      const etag = first.headers.get('etag')!;
      const lastModified = first.headers.get('last-modified')!;
      for (const ifRange of [etag, lastModified]) {
        const part = await get('/api/file-download/resumed', { Range: 'bytes=6-', 'If-Range': ifRange });
        expect(part.status, ifRange).toBe(206);
        expect(part.text).toBe('world');
      }
      const stale = await get('/api/file-download/resumed', { Range: 'bytes=6-', 'If-Range': '"an-older-version"' });
      expect(stale.status).toBe(200);
      expect(stale.text).toBe('hello world');
      expect(stale.headers.get('content-range')).toBeNull();
    });

    it('HEAD answers the headers only', async () => {
      await seedFile(h, { query: { slug: 'heady' } });
      const res = await h.app.request('/api/file-download/heady', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe('11');
      expect(await res.text()).toBe('');
    });

    it('HEAD uses up no view, in proxy and direct mode, and still answers 410 once the views are used', async () => {
      for (const proxy of ['1', '0']) {
        const slug = `headlimited${proxy}`;
        await seedFile(h, { query: { slug, max_views: '1', use_proxy: proxy } });
        for (const path of [
          `/api/file-view/${slug}`,
          `/api/file-download/${slug}`,
          `/api/public/files/${slug}`,
          `/api/office-preview/${slug}`,
        ]) {
          const head = await h.app.request(path, { method: 'HEAD' });
          expect(head.status, path).toBe(200);
          expect(head.headers.get('location'), path).toBeNull();
        }
        expect(await views(slug)).toBe(0);
        expect((await get(`/api/file-download/${slug}`)).status).toBe(proxy === '1' ? 200 : 302);
        for (const path of [`/api/file-download/${slug}`, `/api/public/files/${slug}`, `/api/office-preview/${slug}`]) {
          expect((await h.app.request(path, { method: 'HEAD' })).status, path).toBe(410);
        }
      }
      expect((await h.app.request('/api/public/files/nothing-here', { method: 'HEAD' })).status).toBe(404);
    });

    it('asking an Office link for another kind of file is 400 and uses up no view', async () => {
      await seedFile(h, { name: 'notes.txt', query: { slug: 'notoffice', max_views: '1' } });
      expect((await h.call('GET', '/api/office-preview/notoffice')).status).toBe(400);
      expect(await views('notoffice')).toBe(0);
      expect((await get('/api/file-download/notoffice')).status).toBe(200);
    });

    it('a declared type is stored bare: a comma list cannot make a browser render HTML inline', async () => {
      for (const [declared, stored] of [
        ['application/pdf;,text/html', 'application/pdf'],
        ['text/plain;,text/html', 'text/plain'],
        ['text/plain; charset=UTF-8', 'text/plain; charset=utf-8'],
      ] as const) {
        const file = await seedFile(h, {
          name: 'doc.bin',
          content: '<meta http-equiv="refresh" content="0;url=https://example.com">',
          query: { mimetype: declared },
        });
        expect(file.mimetype, declared).toBe(stored);
        expect((await get(`/api/file-view/${file.slug}`)).headers.get('content-type'), declared).toBe(stored);
      }
    });

    it('a type stored before normalisation is served bare, and a broken one as octet-stream (no 500)', async () => {
      for (const [stored, served] of [
        ['image/png;,text/html', 'image/png'],
        ['text/plain;\u0001', 'text/plain'],
        ['garbage', 'application/octet-stream'],
      ] as const) {
        const file = await seedFile(h, { name: 'legacy.png', content: 'x' });
        await h.db.updateTable('files').set({ mimetype: stored }).where('id', '=', file.id).execute();
        const res = await get(`/api/file-view/${file.slug}`);
        expect(res.status, stored).toBe(200);
        expect(res.headers.get('content-type'), stored).toBe(served);
        // Direct mode: the signed link serves the same bare type.
        await h.db.updateTable('files').set({ use_proxy: 0 }).where('id', '=', file.id).execute();
        const link = (await h.app.request(`/api/file-view/${file.slug}`)).headers.get('location') ?? '';
        expect((await get(link)).headers.get('content-type'), stored).toBe(served);
      }
    });

    it.each([
      ['page.html', '<script>alert(1)</script>'],
      ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'],
      ['feed.xml', '<?xml version="1.0"?><x/>'],
      ['app.js', 'alert(1)'],
    ])('never renders %s inline: attachment, nosniff, sandbox CSP', async (name, content) => {
      await seedFile(h, { name, content, query: { slug: 'active' } });
      const res = await get('/api/file-view/active');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/^sandbox/);
    });

    it('a range past the end is 416 without using up a view of a limited share', async () => {
      await seedFile(h, { query: { slug: 'resume-done', max_views: '1' } });
      const beyond = await get('/api/file-download/resume-done', { Range: 'bytes=11-' });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get('content-range')).toBe('bytes */11');
      expect(await views('resume-done')).toBe(0);
      expect((await get('/api/file-download/resume-done', { Range: 'bytes=6-' })).text).toBe('world');
      expect(await views('resume-done')).toBe(1);
    });

    it('a view-limited file downloaded without a token counts a view (no path bypasses the limit)', async () => {
      await seedFile(h, { query: { slug: 'limited', max_views: '1' } });
      expect((await get('/api/file-download/limited')).status).toBe(200);
      expect((await get('/api/file-download/limited')).status).toBe(410);
      expect(await views('limited')).toBe(1);
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
      expect((await get('http://93.184.215.14/api/office-preview/deck')).body.data).toMatchObject({
        publicly_reachable: true,
      });
      await seedFile(h, { query: { slug: 'plain' } });
      expect((await h.call('GET', '/api/office-preview/plain')).body).toMatchObject({
        code: 400,
        error: 'BAD_REQUEST',
      });
      expect((await h.call('GET', '/api/office-preview/missing')).status).toBe(404);
    });
  });
});

// Its own harness with TRUST_PROXY (one harness at a time: Kysely's migrator looks for its lock table in every schema).
describe.each(dialects)('file password limit per share (%s)', (dialect) => {
  it('429 after 50 wrong guesses at one share from many clients; right passwords do not count', async () => {
    const h = await createHarness({ dialect, config: { trustProxy: true } });
    try {
      await seedFile(h, { query: { slug: 'target', password: 'right' } });
      const guess = (ip: string, password: string) =>
        h.call('POST', '/api/public/files/target/verify', { headers: { 'X-Forwarded-For': ip }, body: { password } });
      for (let i = 0; i < 60; i += 1) expect((await guess(`10.0.2.${i}`, 'right')).status).toBe(200);
      for (let i = 0; i < 50; i += 1) expect((await guess(`10.0.0.${i}`, 'wrong')).status).toBe(401);
      expect((await guess('10.0.1.1', 'right')).status).toBe(429);
    } finally {
      await h.close();
    }
  });
});
