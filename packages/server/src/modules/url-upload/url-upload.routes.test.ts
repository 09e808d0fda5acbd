import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { parsed } from '../files/files.test-support.js';
import { PAGE, serveFixture, url, urlUploadHarness } from './url-upload.test-support.js';

serveFixture();

describe.each(dialects)('URL upload: info and proxy (%s)', (dialect) => {
  const { h, post } = urlUploadHarness(dialect);

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
});
