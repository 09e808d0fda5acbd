import { Permission, type MultipartInitDto, type MultipartPartsDto } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, localKeys } from '../files.test-support.js';
import { MiB, PART, uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('presigned and multipart uploads on LOCAL (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { post, put, init, bytes } = uploadCalls(h);

  describe('resumable multipart', () => {
    it('part URLs store only their planned length, and are issued only for the planned parts', async () => {
      const upload = (await init(PART + 10)).body.data as MultipartInitDto;
      expect((await put(upload.part_urls[1]?.url ?? '', bytes(PART, 2))).status).toBe(400);
      expect((await put(upload.part_urls[1]?.url ?? '', bytes(10, 2))).status).toBe(200);
      const refresh = await post('/api/upload/multipart/refresh-urls', {
        file_id: upload.file_id,
        partNumbers: [1, 3],
      });
      expect(refresh.body).toMatchObject({
        code: 400,
        details: [{ path: 'partNumbers', message: 'Part 3 is not part of this upload' }],
      });
      const fresh = (await post('/api/upload/multipart/refresh-urls', { file_id: upload.file_id, partNumbers: [1] }))
        .body.data as {
        part_urls: { url: string }[];
      };
      expect((await put(fresh.part_urls[0]?.url ?? '', bytes(PART + 1, 1))).status).toBe(400);
      const listed = (await post('/api/upload/multipart/list-parts', { file_id: upload.file_id })).body
        .data as MultipartPartsDto;
      expect(listed.parts.map((p) => p.Size)).toEqual([10]);
    });

    it('an upload kept busy (list-parts) is still abandoned a week after it started', async () => {
      const key = await h.actors.apiKey(Permission.FILE_SHARE);
      const upload = (await init(PART + 10, key)).body.data as MultipartInitDto;
      for (let day = 0; day < 7; day += 1) {
        h.clock.advance(24 * 3600_000 + 1);
        expect((await post('/api/upload/multipart/list-parts', { file_id: upload.file_id }, key)).status).toBe(200);
        expect(await h.services.fileCleanup.purgeAbandoned()).toBe(day < 6 ? 0 : 1);
      }
      expect(await fileRow(h, upload.file_id)).toBeUndefined();
    });

    it('an abort while complete assembles the parts: the complete is 404 and what it stored is deleted', async () => {
      const upload = (await init(10)).body.data as MultipartInitDto;
      const part = await put(upload.part_urls[0]?.url ?? '', bytes(10, 1));
      // Past the purge window, so only the complete itself can remove the object.
      h.clock.advance(3 * 3600_000);
      const { store } = await h.services.storageConfigs.storeFor('local');
      const assemble = store.completeMultipart.bind(store);
      let aborted!: () => void;
      const abortDone = new Promise<void>((resolve) => (aborted = resolve));
      let assembling!: () => void;
      const started = new Promise<void>((resolve) => (assembling = resolve));
      // As on S3, where an abort does not stop a complete already running: the object lands after it.
      vi.spyOn(store, 'abortMultipart').mockResolvedValue(undefined);
      vi.spyOn(store, 'completeMultipart').mockImplementation(async (...args) => {
        assembling();
        await abortDone;
        return assemble(...args);
      });
      const completing = post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [{ PartNumber: 1, ETag: part.headers.get('etag') }],
      });
      await started;
      expect((await post('/api/upload/multipart/abort', { file_id: upload.file_id })).status).toBe(200);
      aborted();
      expect((await completing).body).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      expect(await fileRow(h, upload.file_id)).toBeUndefined();
      expect(await localKeys(h)).toEqual([]);
    });

    it('400 for a wrong part list; the upload stays so it can be retried', async () => {
      const upload = (await init(PART + 1)).body.data as MultipartInitDto;
      const first = await put(upload.part_urls[0]?.url ?? '', bytes(PART, 1));
      const second = await put(upload.part_urls[1]?.url ?? '', bytes(1, 2));
      const res = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [
          { PartNumber: 1, ETag: '"wrong"' },
          { PartNumber: 2, ETag: second.headers.get('etag') },
        ],
      });
      expect(res.body).toMatchObject({ code: 400, error: 'BAD_REQUEST' });
      expect((await fileRow(h, upload.file_id))?.status).toBe('pending');
      const done = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [
          { PartNumber: 1, ETag: first.headers.get('etag') },
          { PartNumber: 2, ETag: second.headers.get('etag') },
        ],
      });
      expect(done.body.data).toMatchObject({ size: PART + 1 });
    });

    it('400 for a part list with a gap, or a part outside the plan: a file with a hole is never published', async () => {
      const upload = (await init(2 * PART + 10)).body.data as MultipartInitDto;
      const etags: (string | null)[] = [];
      for (const [i, part] of upload.part_urls.entries())
        etags.push((await put(part.url, bytes(i < 2 ? PART : 10, i + 1))).headers.get('etag'));
      const gap = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [
          { PartNumber: 1, ETag: etags[0] },
          { PartNumber: 3, ETag: etags[2] },
        ],
      });
      expect(gap.body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'parts', message: 'The upload has 3 parts; missing from the list: 2' }],
      });
      const zh = await post(
        '/api/upload/multipart/complete',
        { file_id: upload.file_id, parts: [{ PartNumber: 3, ETag: etags[2] }] },
        { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      );
      expect(zh.body.details).toEqual([{ path: 'parts', message: '此上传共 3 个分片，列表中缺少：1、2' }]);
      const outside = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [1, 2, 3, 4].map((n) => ({ PartNumber: n, ETag: etags[n - 1] ?? '"x"' })),
      });
      expect(outside.body).toMatchObject({
        code: 400,
        details: [{ path: 'parts', message: 'Part 4 is not part of this upload' }],
      });
      const twice = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: [1, 1, 2, 3].map((n) => ({ PartNumber: n, ETag: etags[n - 1] })),
      });
      expect(twice.body).toMatchObject({ code: 400, details: [{ path: 'parts', message: 'Part 1 is listed twice' }] });
      expect((await fileRow(h, upload.file_id))?.status).toBe('pending');
      const done = await post('/api/upload/multipart/complete', {
        file_id: upload.file_id,
        parts: etags.map((etag, i) => ({ PartNumber: i + 1, ETag: etag })),
      });
      expect(done.body.data).toMatchObject({ size: 2 * PART + 10 });
    });

    it('400 for a plan that breaks the part rules', async () => {
      const bad = await post('/api/upload/multipart/init', {
        filename: 'x.bin',
        size: 3 * MiB,
        partSize: MiB,
        partCount: 3,
      });
      expect(bad.body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED', details: [{ path: 'partSize' }] });
      const miscounted = await post('/api/upload/multipart/init', {
        filename: 'x.bin',
        size: 11 * MiB,
        partSize: PART,
        partCount: 2,
      });
      expect(miscounted.body).toMatchObject({ code: 400, details: [{ path: 'partCount' }] });
    });

    it('only the creator may continue or abort; abort discards parts and the pending share', async () => {
      const upload = (await init(PART + 1)).body.data as MultipartInitDto;
      await put(upload.part_urls[0]?.url ?? '', bytes(PART, 1));
      const other = await h.actors.apiKey(Permission.FILE_SHARE);
      for (const path of ['list-parts', 'abort']) {
        expect((await post(`/api/upload/multipart/${path}`, { file_id: upload.file_id }, other)).body).toMatchObject({
          code: 404,
          error: 'NOT_FOUND',
        });
      }
      expect((await post('/api/upload/multipart/abort', { file_id: upload.file_id })).status).toBe(200);
      expect(await fileRow(h, upload.file_id)).toBeUndefined();
      expect((await put(upload.part_urls[1]?.url ?? '', bytes(1, 2))).status).toBe(404);
      expect((await post('/api/upload/multipart/list-parts', { file_id: upload.file_id })).status).toBe(404);
    });
  });
});
