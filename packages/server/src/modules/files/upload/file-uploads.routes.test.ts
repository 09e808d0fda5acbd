import { Permission, type FileDetailDto, type StorageConfigDto } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { TEST_START } from '../../../test/clock.js';
import { dialects } from '../../../test/harness.js';
import { localKeys, parsed, uploadForm } from '../files.test-support.js';
import { uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('uploading files (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { setLimit } = uploadCalls(h);

  describe('POST /api/upload (streamed form)', () => {
    it('stores the file and answers the share with its links', async () => {
      const res = await uploadForm(h, 'hello world', {
        fields: { slug: 'greeting', remark: 'hi', expires_in: '24', max_views: '3' },
      });
      expect(res.status, res.text).toBe(201);
      const data = res.body.data as FileDetailDto;
      expect(data).toMatchObject({
        slug: 'greeting',
        filename: 'hello.txt',
        mimetype: 'text/plain',
        size: 11,
        remark: 'hi',
        has_password: false,
        expires_at: new Date(Date.parse(TEST_START) + 24 * 3600_000).toISOString(),
        max_views: 3,
        views: 0,
        use_proxy: 0,
        storage_config_id: 'local',
        storage_type: 'LOCAL',
        created_by: h.adminActor.id,
        url: 'http://localhost/file/greeting',
        download_url: 'http://localhost/api/file-download/greeting',
      });
      expect(res.text).not.toContain('password_hash');
      expect(await localKeys(h)).toEqual([data.storage_path]);
      expect(data.storage_path).toMatch(/^hello-[A-Za-z0-9]{6}\.txt$/);
    });

    it('applies options sent after the file, and stores markdown as text/markdown', async () => {
      const res = await uploadForm(h, '# notes', {
        filename: 'notes.MD',
        type: 'application/octet-stream',
        after: { slug: 'late', password: 'pw', use_proxy: 'true' },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({
        slug: 'late',
        mimetype: 'text/markdown',
        has_password: true,
        use_proxy: 1,
      });
    });

    it("fields in the spec's order (file first, then s3_config_id, slug, path) work while they name where the bytes went", async () => {
      const res = await uploadForm(h, 'x', {
        filename: 'photo.bin',
        type: 'application/octet-stream',
        after: { mimetype: 'image/png', s3_config_id: 'local', slug: 'spec-order', path: '/', use_proxy: '1' },
      });
      expect(res.status, res.text).toBe(201);
      // The type given after the file is the share's, and it is served with it.
      expect(res.body.data).toMatchObject({ slug: 'spec-order', storage_config_id: 'local', mimetype: 'image/png' });
      expect((await h.app.request('/api/file-view/spec-order')).headers.get('content-type')).toBe('image/png');
      // One given before the file is the one the bytes went in with, and stays.
      const early = await uploadForm(h, 'x', {
        filename: 'a.bin',
        type: 'application/octet-stream',
        fields: { mimetype: 'image/gif' },
        after: { slug: 'early-type' },
      });
      expect(early.body.data).toMatchObject({ mimetype: 'image/gif' });
    });

    it.each([
      ['another storage config', { s3_config_id: 'elsewhere' }],
      ['a folder', { path: 'docs' }],
    ])('400 when %s is chosen after the file (its bytes are already stored)', async (_label, after) => {
      const res = await uploadForm(h, 'x', { after });
      expect(res.body).toMatchObject({
        code: 400,
        error: 'BAD_REQUEST',
        message: 's3_config_id and path must come before the file in the form',
      });
      expect(await localKeys(h)).toEqual([]);
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
    });

    it('413 PAYLOAD_TOO_LARGE above the upload limit; nothing is left behind', async () => {
      await setLimit('1', 'KB');
      const res = await uploadForm(h, 'x'.repeat(4096));
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({
        code: 413,
        success: false,
        error: 'PAYLOAD_TOO_LARGE',
        message: expect.stringMatching(/maximum upload size of 1\.0 KB/),
      });
      expect(await localKeys(h)).toEqual([]);
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
    });

    it('413 for a field too long, or for a form carrying too much besides its file (both before or after the file); nothing is left behind', async () => {
      const long = await uploadForm(h, 'data', {
        fields: { remark: 'r'.repeat(70 * 1024) },
        headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      });
      expect(long.body).toMatchObject({ code: 413, message: '表单字段 remark 过长' });
      expect((await uploadForm(h, 'data', { after: { remark: 'r'.repeat(70 * 1024) } })).body).toMatchObject({
        code: 413,
        message: 'Form field "remark" is too long',
      });
      const form = new FormData();
      form.append('file', new Blob(['data']), 'small.txt');
      form.append('junk', new Blob([new Uint8Array(2 * 1024 * 1024)]), 'junk.bin');
      const junk = await parsed(
        await h.app.request('/api/upload', { method: 'POST', body: form, headers: h.actors.admin() }),
      );
      expect(junk.body).toMatchObject({
        code: 413,
        message: 'The form carries too much besides the file and its fields',
      });
      // An upload the refusal overtook cleans up right after the answer.
      await vi.waitFor(async () => expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]));
      expect(await localKeys(h)).toEqual([]);
    });

    it('413 "insufficient storage" with file size, remaining space and capacity', async () => {
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 2048 } });
      expect((await uploadForm(h, 'a'.repeat(1500))).status).toBe(201);
      const res = await uploadForm(h, 'b'.repeat(1000));
      expect(res.status).toBe(413);
      expect(res.body.message).toBe(
        'Insufficient storage: file size at least 1000 B, remaining space 548 B, capacity 2.0 KB',
      );
      expect(await h.db.selectFrom('files').select('id').execute()).toHaveLength(1);
      expect(await localKeys(h)).toHaveLength(1);
    });

    it('415 for a body that is not a form, 400 for a form without a file', async () => {
      const json = await h.call('POST', '/api/upload', { headers: h.actors.admin(), body: { file: 'x' } });
      expect(json.body).toMatchObject({ code: 415, error: 'UNSUPPORTED_MEDIA_TYPE' });
      const form = new FormData();
      form.append('slug', 'nofile');
      const res = await parsed(
        await h.app.request('/api/upload', { method: 'POST', body: form, headers: h.actors.admin() }),
      );
      expect(res.body).toMatchObject({ code: 400, error: 'BAD_REQUEST', message: 'The form has no file field' });
    });

    it('409 SLUG_TAKEN for a taken slug; the second upload leaves nothing', async () => {
      expect((await uploadForm(h, 'one', { fields: { slug: 'same' } })).status).toBe(201);
      const res = await uploadForm(h, 'two', { after: { slug: 'same' } });
      expect(res.body).toMatchObject({ code: 409, error: 'SLUG_TAKEN' });
      expect(await localKeys(h)).toHaveLength(1);
    });

    it('400 VALIDATION_FAILED for bad options (reserved slug, negative views)', async () => {
      expect((await uploadForm(h, 'x', { fields: { slug: 'admin' } })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'slug' }],
      });
      expect((await uploadForm(h, 'x', { fields: { max_views: '-1' } })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
      });
      // A folder name the disk would refuse is the caller's mistake (400), not the server's (500).
      expect((await uploadForm(h, 'x', { fields: { path: 'a'.repeat(300) } })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
        details: [{ path: 'path', message: 'Each folder name in the path must be at most 255 bytes' }],
      });
      expect(await localKeys(h)).toEqual([]);
    });

    it('a file name with what reads as an encoded slash or dot (Report%2FQ1.pdf) uploads under that name', async () => {
      const res = await uploadForm(h, 'x', { filename: 'Report%2FQ1%2e.pdf' });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({ filename: 'Report%2FQ1%2e.pdf' });
    });

    it('an API key uploads to configs usable by keys only (404 for others)', async () => {
      const key = await h.actors.apiKey(Permission.FILE_SHARE);
      const privateCfg = (
        await h.call('POST', '/api/s3-configs', {
          headers: h.actors.admin(),
          body: { name: 'private disk', storage_type: 'LOCAL' },
        })
      ).body.data as StorageConfigDto;
      const denied = await uploadForm(h, 'x', { headers: key, fields: { s3_config_id: privateCfg.id } });
      expect(denied.body).toMatchObject({ code: 404, error: 'NOT_FOUND', message: 'Storage config not found' });
      const allowed = await uploadForm(h, 'x', { headers: key });
      expect(allowed.body.data).toMatchObject({
        storage_config_id: 'local',
        created_by: expect.stringMatching(/^apikey:/),
      });
    });
  });
});
