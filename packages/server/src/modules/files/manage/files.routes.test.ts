import { Permission, type FileDetailDto, type FileListDto, type StorageConfigDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { TEST_START } from '../../../test/clock.js';
import { dialects } from '../../../test/harness.js';
import { harnessPerTest } from '../../../test/per-test.js';
import { fileRow, localKeys, parsed, seedFile } from '../files.test-support.js';

describe.each(dialects)('managing file shares (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  describe('GET /api/files', () => {
    it('newest first, 50 by default, as the original nests it: data.files and data.pagination', async () => {
      for (const slug of ['one', 'two', 'three']) {
        await seedFile(h, { query: { slug } });
        h.clock.advance(1000);
      }
      const res = await h.call('GET', '/api/files?limit=2', { headers: h.actors.admin() });
      const page = res.body.data as FileListDto;
      expect(page.files.map((f) => f.slug)).toEqual(['three', 'two']);
      expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true, page: 1, totalPages: 2 });
      expect(page.files[0]).toMatchObject({
        storage_config_name: 'Local storage',
        storage_type: 'LOCAL',
        key_name: null,
        type: 4,
        typeName: 'text',
      });
      expect(res.text).not.toContain('password_hash');
      const all = await h.call('GET', '/api/files', { headers: h.actors.admin() });
      expect((all.body.data as FileListDto).pagination).toMatchObject({ limit: 50, total: 3 });
    });

    it('searches filename, slug and remark; 400 for a one-character search', async () => {
      await seedFile(h, { name: 'invoice.pdf', query: { slug: 'inv' } });
      await seedFile(h, { name: 'photo.png', query: { slug: 'pic', remark: 'holiday 50%' } });
      const search = async (q: string) =>
        (
          (await h.call('GET', `/api/files?search=${encodeURIComponent(q)}`, { headers: h.actors.admin() })).body
            .data as FileListDto
        ).files.map((f) => f.slug);
      expect(await search('INVOICE')).toEqual(['inv']);
      expect(await search('50%')).toEqual(['pic']);
      expect(await search('nothing')).toEqual([]);
      expect((await h.call('GET', '/api/files?search=x', { headers: h.actors.admin() })).body).toMatchObject({
        code: 400,
        error: 'VALIDATION_FAILED',
      });
    });

    it('a key sees only its own shares, with its name', async () => {
      const { headers, key } = await h.createKey(Permission.FILE_SHARE | Permission.FILE_MANAGE, { name: 'uploader' });
      await seedFile(h, { query: { slug: 'mine' }, headers });
      await seedFile(h, { query: { slug: 'admins' } });
      const res = await h.call('GET', '/api/files?created_by=anyone', { headers });
      expect((res.body.data as FileListDto).files).toEqual([
        expect.objectContaining({ slug: 'mine', created_by: `apikey:${key.id}`, key_name: 'uploader' }),
      ]);
      expect(
        ((await h.call('GET', '/api/files', { headers: h.actors.admin() })).body.data as FileListDto).pagination,
      ).toMatchObject({
        total: 2,
      });
    });
  });

  describe('GET and PUT /api/files/{id}', () => {
    it('answers the share with links that open it even when protected', async () => {
      const file = await seedFile(h, { query: { slug: 'secret', password: 'pw' } });
      const res = await h.call('GET', `/api/files/${file.id}`, { headers: h.actors.admin() });
      const data = res.body.data as FileDetailDto;
      expect(data).toMatchObject({
        id: file.id,
        slug: 'secret',
        has_password: true,
        url: 'http://localhost/file/secret',
        type: 4,
        typeName: 'text',
      });
      const links = { previewUrl: data.preview_url, downloadUrl: data.download_url };
      expect(data.urls).toEqual({
        ...links,
        proxyPreviewUrl: links.previewUrl,
        proxyDownloadUrl: links.downloadUrl,
        use_proxy: 1,
      });
      expect((await parsed(await h.app.request(data.download_url.replace('http://localhost', '')))).text).toBe(
        'hello world',
      );
    });

    it('answers by slug too (the share page asks so), for its owner only, and counts no view', async () => {
      const { headers } = await h.createKey(Permission.FILE_SHARE | Permission.FILE_MANAGE, { name: 'uploader' });
      await seedFile(h, { query: { slug: 'once', max_views: '1' }, headers });
      const other = await h.actors.apiKey(Permission.FILE_SHARE | Permission.FILE_MANAGE);
      for (let i = 0; i < 3; i += 1) {
        for (const owner of [headers, h.actors.admin()]) {
          expect((await h.call('GET', '/api/files/once', { headers: owner })).body.data).toMatchObject({
            slug: 'once',
            views: 0,
            max_views: 1,
          });
        }
      }
      expect((await h.call('GET', '/api/files/once', { headers: other })).status).toBe(404);
      // The owner's looks used nothing: the one allowed public view is still there.
      expect((await h.call('GET', '/api/public/files/once')).body.data).toMatchObject({ views: 1, is_last_view: true });
      expect((await h.call('GET', '/api/public/files/once')).status).toBe(410);
    });

    it("404 for another key's share, an unknown id and a pending upload", async () => {
      const file = await seedFile(h);
      const other = await h.actors.apiKey(Permission.FILE_SHARE | Permission.FILE_MANAGE);
      for (const id of [file.id, 'nope']) {
        expect((await h.call('GET', `/api/files/${id}`, { headers: other })).body).toMatchObject({
          code: 404,
          error: 'NOT_FOUND',
          message: 'File share not found',
        });
      }
      expect((await h.call('PUT', `/api/files/${file.id}`, { headers: other, body: { remark: 'x' } })).status).toBe(
        404,
      );
      const pending = (
        await h.call('POST', '/api/s3/presign', { headers: h.actors.admin(), body: { filename: 'p.txt', size: 1 } })
      ).body.data as { file_id: string };
      expect((await h.call('GET', `/api/files/${pending.file_id}`, { headers: h.actors.admin() })).status).toBe(404);
    });

    it('updates remark, slug, expiry, views limit (resetting views), proxy mode and password', async () => {
      const file = await seedFile(h, { query: { slug: 'before', max_views: '5' } });
      await h.call('GET', '/api/public/files/before');
      const res = await h.call('PUT', `/api/files/${file.id}`, {
        headers: h.actors.admin(),
        body: { remark: 'edited', slug: 'after', expires_in: 2, max_views: 10, use_proxy: false, password: 'pw' },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data).toMatchObject({
        slug: 'after',
        remark: 'edited',
        expires_at: new Date(Date.parse(TEST_START) + 2 * 3600_000).toISOString(),
        max_views: 10,
        views: 0,
        use_proxy: 0,
        has_password: true,
      });
      const cleared = await h.call('PUT', `/api/files/${file.id}`, {
        headers: h.actors.admin(),
        body: { password: '', expires_at: null, remark: null },
      });
      expect(cleared.body.data).toMatchObject({ has_password: false, expires_at: null, remark: null });
      expect((await fileRow(h, file.id))?.password_version).toBe(2);
    });

    it('409 for a taken slug, 400 for nothing to update or a past expiry', async () => {
      await seedFile(h, { query: { slug: 'taken' } });
      const file = await seedFile(h);
      const put = (body: unknown) => h.call('PUT', `/api/files/${file.id}`, { headers: h.actors.admin(), body });
      expect((await put({ slug: 'taken' })).body).toMatchObject({ code: 409, error: 'SLUG_TAKEN' });
      expect((await put({})).body).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      expect((await put({ expires_at: '2020-01-01T00:00:00.000Z' })).body).toMatchObject({
        code: 400,
        details: [{ path: 'expires_at' }],
      });
    });
  });

  describe('DELETE /api/files/batch-delete', () => {
    it('deletes records and objects (both); records only is refused per share on LOCAL, whose orphan nothing could reach', async () => {
      const a = await seedFile(h, { name: 'a.txt' });
      const b = await seedFile(h, { name: 'b.txt' });
      const res = await h.call('DELETE', '/api/files/batch-delete', {
        headers: h.actors.admin(),
        body: { ids: [a.id, 'unknown'] },
      });
      expect(res.body.data).toEqual({
        deleted: 1,
        success: 1,
        failed: [{ id: 'unknown', error: 'File share not found' }],
      });
      const zh = await h.call('DELETE', '/api/files/batch-delete', {
        headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
        body: { ids: ['unknown'] },
      });
      expect(zh.body.data).toMatchObject({ deleted: 0, failed: [{ id: 'unknown', error: '文件分享不存在' }] });
      expect(await localKeys(h)).toEqual([b.storage_path]);
      const recordOnly = await h.call('DELETE', '/api/files/batch-delete', {
        headers: h.actors.admin(),
        body: { ids: [b.id], delete_mode: 'record_only' },
      });
      expect(recordOnly.body.data).toEqual({
        deleted: 0,
        success: 0,
        failed: [{ id: b.id, error: expect.stringMatching(/^Share only is not available for local storage/) }],
      });
      expect(recordOnly.body.message).toBe('No file share was deleted');
      expect(await fileRow(h, b.id)).toBeDefined();
      expect(await localKeys(h)).toEqual([b.storage_path]);
    });

    it("a key cannot delete another's share", async () => {
      const file = await seedFile(h);
      const res = await h.call('DELETE', '/api/files/batch-delete', {
        headers: await h.actors.apiKey(Permission.FILE_SHARE | Permission.FILE_MANAGE),
        body: { ids: [file.id] },
      });
      expect(res.body.data).toMatchObject({ deleted: 0 });
      expect(await fileRow(h, file.id)).toBeDefined();
    });

    it('keeps an object another share still points at (overwrite naming)', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      const first = await seedFile(h, { name: 'same.txt', content: 'one' });
      const second = await seedFile(h, { name: 'same.txt', content: 'two' });
      expect(second.storage_path).toBe(first.storage_path);
      await h.call('DELETE', '/api/files/batch-delete', { headers: h.actors.admin(), body: { ids: [first.id] } });
      expect((await parsed(await h.app.request(`/api/file-download/${second.slug}`))).text).toBe('two');
      // Records only, on LOCAL too, while another share still serves the object: nothing is orphaned.
      const third = await seedFile(h, { name: 'same.txt', content: 'three' });
      const recordOnly = await h.call('DELETE', '/api/files/batch-delete', {
        headers: h.actors.admin(),
        body: { ids: [second.id], delete_mode: 'record_only' },
      });
      expect(recordOnly.body.data).toMatchObject({ deleted: 1, failed: [] });
      expect((await parsed(await h.app.request(`/api/file-download/${third.slug}`))).text).toBe('three');
      // The last share of it is refused: its file would be left with nothing pointing at it.
      expect(
        (
          await h.call('DELETE', '/api/files/batch-delete', {
            headers: h.actors.admin(),
            body: { ids: [third.id], delete_mode: 'record_only' },
          })
        ).body.data,
      ).toMatchObject({ deleted: 0 });
    });
  });

  describe('storage usage', () => {
    it('reports used bytes per config and refuses to delete a config in use', async () => {
      const disk = (
        await h.call('POST', '/api/s3-configs', {
          headers: h.actors.admin(),
          body: { name: 'disk 2', storage_type: 'LOCAL', is_public: 1 },
        })
      ).body.data as StorageConfigDto;
      const file = await seedFile(h, { content: '12345', query: { s3_config_id: disk.id } });
      expect(
        (await h.call('GET', `/api/s3-configs/${disk.id}`, { headers: h.actors.admin() })).body.data,
      ).toMatchObject({ used_bytes: 5 });
      expect((await h.call('DELETE', `/api/s3-configs/${disk.id}`, { headers: h.actors.admin() })).body).toMatchObject({
        code: 409,
        message: '1 file share(s) still use this storage config',
      });
      await h.call('DELETE', '/api/files/batch-delete', { headers: h.actors.admin(), body: { ids: [file.id] } });
      expect((await h.call('DELETE', `/api/s3-configs/${disk.id}`, { headers: h.actors.admin() })).status).toBe(200);
    });

    it('feeds the dashboard: totals and shares per day', async () => {
      await seedFile(h, { content: '123' });
      await seedFile(h, { content: '4567' });
      const res = await h.call('GET', '/api/admin/dashboard/stats', { headers: h.actors.admin() });
      expect(res.status, res.text).toBe(200);
      expect(res.text).toContain('"totalFiles":2');
    });
  });
});
