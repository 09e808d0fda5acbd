import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { seedFile } from '../files.test-support.js';
import { fileAccessCalls } from './file-access.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('public file access (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { get, views } = fileAccessCalls(h);

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
});
