import { Permission, type FileListDto, type FilePresignDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, localKeys, parsed } from '../files.test-support.js';
import { uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('presigned and multipart uploads on LOCAL (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { post, put } = uploadCalls(h);

  describe('POST /api/s3/presign + PUT + POST /api/s3/commit', () => {
    it('publishes the share only after commit, with the size read from storage', async () => {
      const presign = await post('/api/s3/presign', {
        filename: 'data.csv',
        mimetype: 'text/csv',
        size: 5,
        slug: 'csv',
        remark: 'r',
        expires_in: '12',
      });
      expect(presign.status, presign.text).toBe(200);
      const data = presign.body.data as FilePresignDto;
      expect(data).toMatchObject({
        slug: 'csv',
        storage_type: 'LOCAL',
        provider_type: 'Local',
        contentType: 'text/csv',
        headers: { 'Content-Type': 'text/csv' },
        url: 'http://localhost/file/csv',
      });
      // The share's settings under the original's names; LOCAL objects have no address of their own.
      expect(data).toMatchObject({
        filename: 'data.csv',
        hasPassword: false,
        maxViews: 0,
        s3_url: null,
        expiresAt: new Date(h.clock.now().getTime() + 12 * 3600_000).toISOString(),
      });
      expect(Date.parse(data.upload_expires_at)).toBeGreaterThan(h.clock.now().getTime());
      expect(
        ((await h.call('GET', '/api/files', { headers: h.actors.admin() })).body.data as FileListDto).pagination,
      ).toMatchObject({
        total: 0,
      });
      const uploaded = await put(data.upload_url, new TextEncoder().encode('a,b,c'), data.headers);
      expect(uploaded.status).toBe(200);
      const commit = await post('/api/s3/commit', { file_id: data.file_id, etag: uploaded.headers.get('etag') });
      expect(commit.status, commit.text).toBe(200);
      expect(commit.body.data).toMatchObject({ slug: 'csv', size: 5, remark: 'r', etag: expect.any(String) });
      expect((await parsed(await h.app.request('/api/file-download/csv'))).status).toBeLessThan(400);
    });

    it('the URL stores only the declared size; the real size is checked again at commit: over the limit, the object and the share are deleted (413)', async () => {
      const data = (await post('/api/s3/presign', { filename: 'small.bin', size: 4096 })).body.data as FilePresignDto;
      const lied = await put(data.upload_url, new Uint8Array(5000), data.headers);
      expect(lied.body).toMatchObject({
        code: 400,
        message: 'The upload does not have the size this link was issued for',
      });
      expect(await localKeys(h)).toEqual([]);
      expect((await put(data.upload_url, new Uint8Array(4096), data.headers)).status).toBe(200);
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { max_upload_size: '1', max_upload_size_unit: 'KB' },
      });
      const commit = await post('/api/s3/commit', { file_id: data.file_id });
      expect(commit.body).toMatchObject({
        code: 413,
        error: 'PAYLOAD_TOO_LARGE',
        message: 'File too large: 4.0 KB exceeds the maximum upload size of 1.0 KB',
      });
      expect(await localKeys(h)).toEqual([]);
      expect(await fileRow(h, data.file_id)).toBeUndefined();
    });

    it('400 when committing before anything was uploaded; 404 for another actor or a second commit', async () => {
      const data = (await post('/api/s3/presign', { filename: 'a.txt', size: 1 })).body.data as FilePresignDto;
      expect((await post('/api/s3/commit', { file_id: data.file_id })).body).toMatchObject({
        code: 400,
        message: 'Nothing was uploaded for this file yet',
      });
      await put(data.upload_url, new Uint8Array([65]), data.headers);
      expect(
        (await post('/api/s3/commit', { file_id: data.file_id }, await h.actors.apiKey(Permission.FILE_SHARE))).body,
      ).toMatchObject({
        code: 404,
        message: 'Upload not found',
      });
      expect((await post('/api/s3/commit', { file_id: data.file_id })).status).toBe(200);
      expect((await post('/api/s3/commit', { file_id: data.file_id })).status).toBe(404);
    });

    it('two commits of one upload at once: one publishes, the other is 404 and leaves the share and its object alone', async () => {
      const data = (await post('/api/s3/presign', { filename: 'twice.txt', size: 5, slug: 'twice' })).body
        .data as FilePresignDto;
      await put(data.upload_url, new TextEncoder().encode('hello'), data.headers);
      const commits = await Promise.all([
        post('/api/s3/commit', { file_id: data.file_id }),
        post('/api/s3/commit', { file_id: data.file_id }),
      ]);
      expect(commits.map((c) => c.status).sort()).toEqual([200, 404]);
      const row = await fileRow(h, data.file_id);
      expect([row?.status, Number(row?.size)]).toEqual(['active', 5]);
      expect(await localKeys(h)).toHaveLength(1);
    });

    it('400 VALIDATION_FAILED for a missing filename', async () => {
      expect((await post('/api/s3/presign', { size: 1 })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'filename' }],
      });
    });
  });
});
