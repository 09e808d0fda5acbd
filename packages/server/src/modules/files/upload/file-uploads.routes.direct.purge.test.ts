import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { FilePresignDto } from '@driftbox/contract';
import { describe, expect, it, vi } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, localKeys } from '../files.test-support.js';
import { uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('presigned and multipart uploads on LOCAL (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { post, put } = uploadCalls(h);

  describe('POST /api/s3/presign + PUT + POST /api/s3/commit', () => {
    it('the cleanup job removes abandoned presigned uploads (objects and rows) once their URL and a PUT started with it are over', async () => {
      const data = (await post('/api/s3/presign', { filename: 'left.txt', size: 4 })).body.data as FilePresignDto;
      await put(data.upload_url, new TextEncoder().encode('left'), data.headers);
      expect(await h.services.fileCleanup.purgeAbandoned()).toBe(0);
      // The URL has expired, but a PUT it started just before may still be running: not yet.
      h.clock.advance(3600_000 + 1);
      expect(await h.services.fileCleanup.purgeAbandoned()).toBe(0);
      h.clock.advance(3600_000);
      expect(await h.services.fileCleanup.purgeAbandoned()).toBe(1);
      expect(await localKeys(h)).toEqual([]);
      expect(await fileRow(h, data.file_id)).toBeUndefined();
    });

    it('an upload URL still valid after its share was deleted, or its upload cancelled, stores nothing (410); the purge set for S3 finds nothing to do', async () => {
      const data = (await post('/api/s3/presign', { filename: 'gone.txt', size: 4 })).body.data as FilePresignDto;
      await put(data.upload_url, new TextEncoder().encode('once'), data.headers);
      expect((await post('/api/s3/commit', { file_id: data.file_id })).status).toBe(200);
      expect(
        (
          await h.call('DELETE', '/api/files/batch-delete', {
            headers: h.actors.admin(),
            body: { ids: [data.file_id], delete_mode: 'both' },
          })
        ).status,
      ).toBe(200);
      expect(await localKeys(h)).toEqual([]);
      const again = await put(data.upload_url, new TextEncoder().encode('back'), {
        ...data.headers,
        'X-Language': 'zh-CN',
      });
      expect(again.status).toBe(410);
      expect(again.body.message).toBe('该上传链接已失效：上传已取消或已过期');
      // Presign, cancel, PUT: the bytes would sit where no share and no capacity counts them.
      const cancelled = (await post('/api/s3/presign', { filename: 'cancelled.txt', size: 4 })).body
        .data as FilePresignDto;
      expect((await post('/api/url/cancel', { file_id: cancelled.file_id })).status).toBe(200);
      expect(
        (await put(cancelled.upload_url, new TextEncoder().encode('sneak'.slice(0, 4)), cancelled.headers)).status,
      ).toBe(410);
      expect(await localKeys(h)).toEqual([]);
      // Cancelled while the bytes come: what the PUT stored goes too.
      const racing = (await post('/api/s3/presign', { filename: 'racing.txt', size: 4 })).body.data as FilePresignDto;
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode('ra'));
          await gate;
          controller.enqueue(new TextEncoder().encode('ce'));
          controller.close();
        },
      });
      const putting = h.app.request(racing.upload_url, {
        method: 'PUT',
        body,
        headers: { ...racing.headers, 'Content-Length': '4' },
        duplex: 'half',
      } as RequestInit);
      // The PUT is past its check and writing: its temporary file exists.
      const tmp = path.join(h.config.dataDir, 'storage', 'local', 'tmp');
      await vi.waitFor(() => expect(existsSync(tmp) ? readdirSync(tmp) : []).toHaveLength(1));
      expect((await post('/api/url/cancel', { file_id: racing.file_id })).status).toBe(200);
      release();
      expect((await putting).status).toBe(410);
      expect(await localKeys(h)).toEqual([]);
      h.clock.advance(2 * 3600_000 + 1);
      // The share's key and the staging key of each of the three uploads.
      expect(await h.services.fileCleanup.purgeReuploads()).toBe(6);
      expect(await h.db.selectFrom('object_purges').selectAll().execute()).toEqual([]);
    });

    it('a purge keeps an object that a share points at again (the overwrite strategy reuses names)', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      const first = (await post('/api/s3/presign', { filename: 'same.txt', size: 1 })).body.data as FilePresignDto;
      await put(first.upload_url, new Uint8Array([1]), first.headers);
      expect((await post('/api/s3/commit', { file_id: first.file_id })).status).toBe(200);
      await h.call('DELETE', '/api/files/batch-delete', {
        headers: h.actors.admin(),
        body: { ids: [first.file_id], delete_mode: 'both' },
      });
      const second = (await post('/api/s3/presign', { filename: 'same.txt', size: 1 })).body.data as FilePresignDto;
      expect(second.storage_path).toBe(first.storage_path);
      await put(second.upload_url, new Uint8Array([2]), second.headers);
      expect((await post('/api/s3/commit', { file_id: second.file_id })).status).toBe(200);
      h.clock.advance(2 * 3600_000 + 1);
      await h.services.fileCleanup.purgeReuploads();
      expect(await localKeys(h)).toEqual([second.storage_path]);
    });
  });
});
