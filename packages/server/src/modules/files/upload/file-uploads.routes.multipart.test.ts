import type { MultipartInitDto, MultipartPartsDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, parsed, seedFile } from '../files.test-support.js';
import { PART, uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('presigned and multipart uploads on LOCAL (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { post, put, init, bytes } = uploadCalls(h);

  describe('resumable multipart', () => {
    it('uploads 2 of 3 parts, resumes from list-parts, refreshes URLs, completes', async () => {
      const started = await init(2 * PART + 100);
      expect(started.status, started.text).toBe(200);
      const upload = started.body.data as MultipartInitDto;
      expect(upload.part_urls.map((p) => p.partNumber)).toEqual([1, 2, 3]);
      // The original's names for the same plan.
      expect(upload).toMatchObject({
        presigned_urls: upload.part_urls,
        storagePath: upload.storage_path,
        totalSize: 2 * PART + 100,
        filename: 'big.bin',
        s3Url: null,
        hasPassword: false,
        expiresAt: null,
        maxViews: 0,
      });
      const etags: string[] = [];
      for (const part of upload.part_urls.slice(0, 2)) {
        const res = await put(part.url, bytes(PART, part.partNumber));
        etags.push(res.headers.get('etag') ?? '');
      }
      // "Reload": ask what arrived, then upload the rest with fresh URLs.
      const listed = (await post('/api/upload/multipart/list-parts', { file_id: upload.file_id })).body
        .data as MultipartPartsDto;
      expect(listed.parts).toEqual([
        { PartNumber: 1, ETag: etags[0], Size: PART },
        { PartNumber: 2, ETag: etags[1], Size: PART },
      ]);
      const fresh = (await post('/api/upload/multipart/refresh-urls', { file_id: upload.file_id, partNumbers: [3] }))
        .body.data as {
        part_urls: { url: string }[];
      };
      const last = await put(fresh.part_urls[0]?.url ?? '', bytes(100, 3));
      const parts = [
        ...listed.parts.map((p) => ({ PartNumber: p.PartNumber, ETag: p.ETag })),
        { PartNumber: 3, ETag: last.headers.get('etag') },
      ];
      expect(
        (
          await post('/api/upload/multipart/complete', {
            file_id: upload.file_id,
            parts: parts.map((p, i) => (i === 0 ? { PartNumber: 1 } : p)),
          })
        ).body,
      ).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'parts.0.ETag', message: 'ETag is required for every part' }],
      });
      const done = await post('/api/upload/multipart/complete', { file_id: upload.file_id, parts });
      expect(done.status, done.text).toBe(200);
      expect(done.body.data).toMatchObject({ slug: 'big', size: 2 * PART + 100 });
      const tail = await parsed(await h.app.request('/api/file-download/big', { headers: { Range: 'bytes=-3' } }));
      expect(tail.status).toBeLessThan(400);
    });

    it('a resumed upload publishes with the options it is completed with; a taken link is 409 with the upload intact', async () => {
      await seedFile(h, { query: { slug: 'taken' } });
      const upload = (
        await post('/api/upload/multipart/init', {
          filename: 'big.bin',
          size: 10,
          partSize: PART,
          partCount: 1,
          slug: 'old-link',
          password: 'old',
          remark: 'old',
          max_views: 5,
        })
      ).body.data as MultipartInitDto;
      const part = await put(upload.part_urls[0]?.url ?? '', bytes(10, 1));
      const parts = [{ PartNumber: 1, ETag: part.headers.get('etag') }];
      const taken = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts,
        options: { slug: 'taken' },
      });
      expect(taken.body).toMatchObject({ code: 409, error: 'SLUG_TAKEN' });
      expect(await fileRow(h, upload.file_id)).toMatchObject({ status: 'pending', slug: 'old-link' });
      const done = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts,
        options: { slug: 'new-link', password: 'new', expires_in: 2 },
      });
      expect(done.status, done.text).toBe(200);
      // Every option is the form's now: no remark and no view limit any more.
      expect(done.body.data).toMatchObject({
        slug: 'new-link',
        remark: null,
        max_views: 0,
        has_password: true,
        expires_at: new Date(h.clock.now().getTime() + 2 * 3600_000).toISOString(),
      });
      const verify = (password: string) => post('/api/public/files/new-link/verify', { password }, {});
      expect((await verify('old')).status).toBe(401);
      expect((await verify('new')).status).toBe(200);
    });

    it('a resumed upload without a link in its options keeps the one it has', async () => {
      const upload = (await init(10)).body.data as MultipartInitDto;
      const part = await put(upload.part_urls[0]?.url ?? '', bytes(10, 1));
      const done = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [{ PartNumber: 1, ETag: part.headers.get('etag') }],
        options: { remark: 'later' },
      });
      expect(done.body.data).toMatchObject({ slug: 'big', remark: 'later' });
    });
  });
});
