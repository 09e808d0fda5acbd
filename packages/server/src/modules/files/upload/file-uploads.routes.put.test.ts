import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, uploadDirect } from '../files.test-support.js';
import { MiB, uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('uploading files (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { setLimit } = uploadCalls(h);

  describe('PUT /api/upload-direct/{filename}', () => {
    it('streams the raw body; options from the query and X- headers; proxy links by default', async () => {
      const res = await uploadDirect(h, 'report 2026.pdf', 'PDF bytes', {
        query: 'slug=report&max_views=2',
        headers: { ...h.actors.admin(), 'X-Remark': encodeURIComponent('季度报告'), 'X-Password': 'secret' },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({
        slug: 'report',
        filename: 'report 2026.pdf',
        mimetype: 'application/pdf',
        remark: '季度报告',
        has_password: true,
        max_views: 2,
        use_proxy: 1,
        url: 'http://localhost/file/report',
        file_id: expect.any(String),
      });
      expect((await fileRow(h, 'report'))?.password_hash).toMatch(/^scrypt\$/);
      // The original's top-level link names, without the password it used to append to them.
      const links = {
        previewUrl: 'http://localhost/api/file-view/report',
        downloadUrl: 'http://localhost/api/file-download/report',
      };
      expect(res.body.data).toMatchObject({
        ...links,
        proxy_preview_url: links.previewUrl,
        proxy_download_url: links.downloadUrl,
      });
    });

    it("original_filename=true stores the object under the file's own name, false adds a suffix; absent, the naming setting decides", async () => {
      const keyOf = async (query: string) =>
        ((await uploadDirect(h, 'notes.txt', 'n', { query })).body.data as { storage_path: string }).storage_path;
      expect(await keyOf('original_filename=true')).toBe('notes.txt');
      expect(await keyOf('original_filename=1')).toBe('notes.txt');
      expect(await keyOf('original_filename=false')).toMatch(/^notes-\w+\.txt$/);
      // The default setting is random_suffix.
      expect(await keyOf('')).toMatch(/^notes-\w+\.txt$/);
      expect((await uploadDirect(h, 'notes.txt', 'n', { query: 'original_filename=maybe' })).body).toMatchObject({
        code: 400,
        details: [{ path: 'original_filename' }],
      });
    });

    it('takes UTF-8 header text as sent (curl -H), so a Chinese password opens the share on the web and by header', async () => {
      // How Node hands the app a header sent as UTF-8 bytes: one latin1 character per byte.
      const asSent = (text: string) => Buffer.from(text, 'utf8').toString('latin1');
      const res = await uploadDirect(h, 'zh.txt', 'hello', {
        query: 'slug=zh-pw',
        headers: { ...h.actors.admin(), 'X-Password': asSent('密码 1%2'), 'X-Remark': asSent('季度报告') },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.body.data).toMatchObject({ remark: '季度报告', has_password: true });
      const verify = await h.call('POST', '/api/public/files/zh-pw/verify', { body: { password: '密码 1%2' } });
      expect(verify.status, verify.text).toBe(200);
      const download = await h.app.request('/api/file-download/zh-pw', {
        headers: { 'X-Password': asSent('密码 1%2') },
      });
      expect(download.status).toBe(200);
      expect(await download.text()).toBe('hello');
    });

    it('answers just the link for Accept: text/plain', async () => {
      const res = await uploadDirect(h, 'a.txt', 'x', {
        query: 'slug=plain',
        headers: { ...h.actors.admin(), Accept: 'text/plain' },
      });
      expect(res.status).toBe(201);
      expect(res.text).toBe('http://localhost/file/plain\n');
    });

    it('413 at once when Content-Length is above the limit', async () => {
      await setLimit('1', 'KB');
      const res = await uploadDirect(h, 'big.bin', new Uint8Array(2048), {
        headers: { ...h.actors.admin(), 'Content-Length': '2048' },
      });
      expect(res.body).toMatchObject({
        code: 413,
        message: 'File too large: 2.0 KB exceeds the maximum upload size of 1.0 KB',
      });
    });

    it('ignores form-encoding content types (curl --data-binary) and guesses by extension', async () => {
      const res = await uploadDirect(h, 'photo.png', 'png', {
        headers: { ...h.actors.admin(), 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(res.body.data).toMatchObject({ mimetype: 'image/png' });
      const big = await uploadDirect(h, 'x.bin', new Uint8Array(MiB));
      expect(big.body.data).toMatchObject({ size: MiB, mimetype: 'application/octet-stream' });
    });
  });
});
