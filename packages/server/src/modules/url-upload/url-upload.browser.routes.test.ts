import type { FilePresignDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { fileRow } from '../files/files.test-support.js';
import { PAGE, serveFixture, url, urlUploadHarness } from './url-upload.test-support.js';

serveFixture();

describe.each(dialects)('URL upload through the browser (%s)', (dialect) => {
  const { h, post } = urlUploadHarness(dialect);

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
});
