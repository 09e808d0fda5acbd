import { Permission, type FilePresignDto } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { harnessPerTest } from '../../../test/per-test.js';
import { localKeys, putBytes, uploadDirect } from '../files.test-support.js';

const PART = 5 * 1024 * 1024;

// The room of a storage config with a capacity: what stored files, uploads in progress and publishes
// racing each other may take (the upload routes themselves are in files.direct-upload.routes.test.ts).
describe.each(dialects)('capacity of a storage config on LOCAL (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });

  const post = (path: string, body: unknown, headers = h.actors.admin()) => h.call('POST', path, { headers, body });
  const put = (url: string, body: Uint8Array, headers?: Record<string, string>) => putBytes(h, url, body, headers);

  describe('admission and publish', () => {
    it('parallel commits never take more than the capacity: each is checked where it is published', async () => {
      const uploads: FilePresignDto[] = [];
      for (let i = 0; i < 6; i += 1) {
        const data = (await post('/api/s3/presign', { filename: `p${i}.bin`, size: 4 })).body.data as FilePresignDto;
        expect((await put(data.upload_url, new Uint8Array(4), data.headers)).status).toBe(200);
        uploads.push(data);
      }
      // The capacity shrinks under uploads admitted before it did.
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 10 } });
      const commits = await Promise.all(uploads.map((u) => post('/api/s3/commit', { file_id: u.file_id })));
      expect(commits.map((c) => c.status).sort()).toEqual([200, 200, 413, 413, 413, 413]);
      expect(commits.find((c) => c.status === 413)?.body.message).toMatch(
        /^Insufficient storage: file size 4 B, remaining space [02] B, capacity 10 B$/,
      );
      expect((await h.db.selectFrom('files').select('id').where('status', '=', 'active').execute()).length).toBe(2);
    });

    it('pending uploads hold the room they declared: issued upload URLs never add up to more than the capacity', async () => {
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 1000 } });
      const key = await h.actors.apiKey(Permission.FILE_SHARE);
      const first = (await post('/api/s3/presign', { filename: 'a.bin', size: 800 }, key)).body.data as FilePresignDto;
      // The message says what uploads in progress hold: the storage page counts stored files only.
      const refused = {
        code: 413,
        message:
          'Insufficient storage: file size 800 B, remaining space 200 B, capacity 1000 B (800 B held by unfinished uploads)',
      };
      expect((await post('/api/s3/presign', { filename: 'b.bin', size: 800 }, key)).body).toMatchObject(refused);
      expect(
        (await post('/api/s3/presign', { filename: 'b.bin', size: 800 }, { ...key, 'X-Language': 'zh-CN' })).body
          .message,
      ).toBe('存储空间不足：文件大小 800 B，剩余空间 200 B，总容量 1000 B（其中 800 B 被未完成的上传占用）');
      expect(
        (await post('/api/upload/multipart/init', { filename: 'c.bin', size: 800, partSize: PART, partCount: 1 })).body,
      ).toMatchObject(refused);
      expect(
        (await uploadDirect(h, 'd.bin', new Uint8Array(800), { headers: { ...key, 'Content-Length': '800' } })).body,
      ).toMatchObject(refused);
      expect(await localKeys(h)).toEqual([]);
      // What is left is still there to take, and the first upload publishes within its reservation.
      expect((await post('/api/s3/presign', { filename: 'small.bin', size: 200 }, key)).status).toBe(200);
      expect((await put(first.upload_url, new Uint8Array(800), first.headers)).status).toBe(200);
      expect((await post('/api/s3/commit', { file_id: first.file_id }, key)).status).toBe(200);
      // A discarded upload gives its room back.
      const small = (
        await h.db.selectFrom('files').select('id').where('filename', '=', 'small.bin').executeTakeFirstOrThrow()
      ).id;
      expect((await post('/api/url/cancel', { file_id: small }, key)).status).toBe(200);
      expect((await post('/api/s3/presign', { filename: 'e.bin', size: 200 }, key)).status).toBe(200);
    });

    it('uploads admitted at the same moment never together hold more than the capacity', async () => {
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 1000 } });
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => post('/api/s3/presign', { filename: `r${i}.bin`, size: 800 })),
      );
      expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      for (const refused of answers.filter((a) => a.status !== 200))
        expect(refused.body).toMatchObject({ code: 413, error: 'PAYLOAD_TOO_LARGE' });
      const held = await h.db.selectFrom('files').select('size').where('status', '=', 'pending').execute();
      expect(held.reduce((sum, r) => sum + Number(r.size), 0)).toBeLessThanOrEqual(1000);
    });

    it('uploads of one name each hold their own room (their bytes stay apart until published); a replacement still counts the stored file as free', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 1000 } });
      const init = () =>
        post('/api/upload/multipart/init', { filename: 'same.bin', size: 600, partSize: PART, partCount: 1 });
      const first = await init();
      expect(first.status).toBe(200);
      expect((await init()).body).toMatchObject({
        code: 413,
        message: expect.stringMatching(/\(600 B held by unfinished uploads\)$/),
      });
      expect((await post('/api/s3/presign', { filename: 'same.bin', size: 600 })).status).toBe(413);
      // Once published, the file at that name is what the next upload of it replaces.
      const fileId = (first.body.data as { file_id: string }).file_id;
      expect((await post('/api/url/cancel', { file_id: fileId })).status).toBe(200);
      expect((await uploadDirect(h, 'same.bin', new Uint8Array(600))).status).toBe(201);
      expect((await post('/api/s3/presign', { filename: 'same.bin', size: 900 })).status).toBe(200);
    });

    it('a body of unknown length holds the room it may take while it streams, and gives back what it did not use', async () => {
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 1000 } });
      let finish = () => {};
      const gate = new Promise<void>((resolve) => {
        finish = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new Uint8Array(100));
          await gate;
          controller.close();
        },
      });
      const streaming = h.app.request('/api/upload-direct/stream.bin', {
        method: 'PUT',
        body,
        headers: h.actors.admin(),
        duplex: 'half',
      } as RequestInit);
      await vi.waitFor(async () =>
        expect(
          (await h.db.selectFrom('files').select('size').where('status', '=', 'pending').execute()).map((r) =>
            Number(r.size),
          ),
        ).toEqual([1000]),
      );
      expect((await post('/api/s3/presign', { filename: 'beside.bin', size: 10 })).body).toMatchObject({
        code: 413,
        message:
          'Insufficient storage: file size 10 B, remaining space 0 B, capacity 1000 B (1000 B held by unfinished uploads)',
      });
      finish();
      expect((await streaming).status).toBe(201);
      expect((await post('/api/s3/presign', { filename: 'beside.bin', size: 900 })).status).toBe(200);
    });

    it('a form holds no more room than its own Content-Length while its file streams', async () => {
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 1000 } });
      const head = new TextEncoder().encode(
        '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="form.bin"\r\nContent-Type: application/octet-stream\r\n\r\n',
      );
      const tail = new TextEncoder().encode('\r\n--XyZ--\r\n');
      const length = head.length + 100 + tail.length;
      let finish = () => {};
      const gate = new Promise<void>((resolve) => (finish = resolve));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(head);
          controller.enqueue(new Uint8Array(100));
          await gate;
          controller.enqueue(tail);
          controller.close();
        },
      });
      const headers = {
        ...h.actors.admin(),
        'Content-Type': 'multipart/form-data; boundary=XyZ',
        'Content-Length': String(length),
      };
      const streaming = h.app.request('/api/upload', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);
      await vi.waitFor(async () =>
        expect(
          (await h.db.selectFrom('files').select('size').where('status', '=', 'pending').execute()).map((r) =>
            Number(r.size),
          ),
        ).toEqual([length]),
      );
      expect((await post('/api/s3/presign', { filename: 'beside.bin', size: 1000 - length })).status).toBe(200);
      finish();
      expect((await streaming).status).toBe(201);
    });

    it('413 up front for a declared size over the limit or the capacity', async () => {
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 1000 } });
      expect((await post('/api/s3/presign', { filename: 'a.bin', size: 2000 })).body).toMatchObject({
        code: 413,
        message: 'Insufficient storage: file size 2.0 KB, remaining space 1000 B, capacity 1000 B',
      });
      expect(await h.db.selectFrom('files').select('id').execute()).toEqual([]);
    });
  });
});
