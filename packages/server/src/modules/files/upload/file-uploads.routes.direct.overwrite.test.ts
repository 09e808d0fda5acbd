import { Readable } from 'node:stream';
import { Permission, type FilePresignDto } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { fileRow, parsed, seedFile, uploadDirect } from '../files.test-support.js';
import { uploadCalls } from './file-uploads.test-support.js';
import { harnessPerTest } from '../../../test/per-test.js';

describe.each(dialects)('presigned and multipart uploads on LOCAL (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { post, put } = uploadCalls(h);

  describe('POST /api/s3/presign + PUT + POST /api/s3/commit', () => {
    it('an upload URL cannot replace the bytes once published, even while it is still valid; a new upload to the same name can', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      const presignNote = async (slug: string) =>
        (
          await post('/api/s3/presign', {
            filename: 'note.txt',
            mimetype: 'text/plain',
            size: 5,
            slug,
            use_proxy: true,
          })
        ).body.data as FilePresignDto;
      const first = await presignNote('note');
      const encode = (text: string) => new TextEncoder().encode(text);
      expect((await put(first.upload_url, encode('hello'), first.headers)).status).toBe(200);
      expect((await post('/api/s3/commit', { file_id: first.file_id })).status).toBe(200);
      const replay = await put(first.upload_url, encode('PWNED'), first.headers);
      expect(replay.status).toBe(403);
      expect(replay.body).toMatchObject({ message: 'This upload link was already used: the file is published' });
      expect((await parsed(await h.app.request('/api/file-download/note'))).text).toBe('hello');
      // The overwrite strategy: the creator's next upload of that name is pending, so its URL may write.
      const next = await presignNote('note2');
      expect(next.storage_path).toBe(first.storage_path);
      expect((await put(next.upload_url, encode('again'), next.headers)).status).toBe(200);
      expect((await post('/api/s3/commit', { file_id: next.file_id })).status).toBe(200);
      expect((await parsed(await h.app.request('/api/file-download/note2'))).text).toBe('again');
    });

    it('with the overwrite strategy usage counts an object once, and its shares follow the bytes it holds', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 100 } });
      const upload = async (size: number) => {
        const data = (await post('/api/s3/presign', { filename: 'same.bin', size })).body.data as FilePresignDto;
        expect((await put(data.upload_url, new Uint8Array(size), data.headers)).status).toBe(200);
        return { data, commit: await post('/api/s3/commit', { file_id: data.file_id }) };
      };
      const used = async () =>
        (
          (await h.call('GET', '/api/s3-configs/local', { headers: h.actors.admin() })).body.data as {
            used_bytes: number;
          }
        ).used_bytes;
      const first = await upload(30);
      const second = await upload(60);
      // 60 fits: the 30 bytes it writes over are not counted beside it.
      expect(second.commit.status).toBe(200);
      expect(await used()).toBe(60);
      expect(Number((await fileRow(h, first.data.file_id))?.size)).toBe(60);
      // An upload cancelled after its PUT: the bytes went to its staging key, the shared object is untouched.
      const data = (await post('/api/s3/presign', { filename: 'same.bin', size: 40 })).body.data as FilePresignDto;
      expect((await put(data.upload_url, new Uint8Array(40), data.headers)).status).toBe(200);
      expect((await post('/api/url/cancel', { file_id: data.file_id })).status).toBe(200);
      expect(Number((await fileRow(h, first.data.file_id))?.size)).toBe(60);
      expect(await used()).toBe(60);
    });

    it('with the overwrite strategy a replacement near a full quota needs room only for what it adds', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      await h.call('PUT', '/api/s3-configs/local', { headers: h.actors.admin(), body: { total_storage_bytes: 100 } });
      const first = (await post('/api/s3/presign', { filename: 'same.bin', size: 70 })).body.data as FilePresignDto;
      await put(first.upload_url, new Uint8Array(70), first.headers);
      expect((await post('/api/s3/commit', { file_id: first.file_id })).status).toBe(200);
      // 90 bytes over the 70 it replaces: checked up front (presign) and again when published.
      const presigned = await post('/api/s3/presign', { filename: 'same.bin', size: 90 });
      expect(presigned.status, presigned.text).toBe(200);
      const data = presigned.body.data as FilePresignDto;
      await put(data.upload_url, new Uint8Array(90), data.headers);
      expect((await post('/api/s3/commit', { file_id: data.file_id })).status).toBe(200);
      // Streamed (upload-direct), where the body is counted as it arrives.
      const streamed = await uploadDirect(h, 'same.bin', new Uint8Array(95));
      expect(streamed.status, streamed.text).toBe(201);
      const used = (
        (await h.call('GET', '/api/s3-configs/local', { headers: h.actors.admin() })).body.data as {
          used_bytes: number;
        }
      ).used_bytes;
      expect(used).toBe(95);
      // A new name still needs room of its own.
      expect((await post('/api/s3/presign', { filename: 'other.bin', size: 10 })).body).toMatchObject({
        code: 413,
        message: 'Insufficient storage: file size 10 B, remaining space 5 B, capacity 100 B',
      });
    });

    it("with the overwrite strategy a name replaces only the same creator's object; another creator's gets a suffix", async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      const admin = (await post('/api/s3/presign', { filename: 'report.pdf', size: 1 })).body.data as FilePresignDto;
      expect(admin.storage_path).toBe('report.pdf');
      const key = await h.actors.apiKey(Permission.FILE_SHARE);
      const other = (await post('/api/s3/presign', { filename: 'report.pdf', size: 1 }, key)).body
        .data as FilePresignDto;
      expect(other.storage_path).toMatch(/^report-\w{6}\.pdf$/);
      const again = (await post('/api/s3/presign', { filename: 'report.pdf', size: 1 })).body.data as FilePresignDto;
      expect(again.storage_path).toBe('report.pdf');
    });

    it('with the overwrite strategy an object no share points at is never written over: its record was lost, or it was never a share', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      const kept = await seedFile(h, { name: 'minutes.txt', content: 'ADMIN-ORIGINAL' });
      expect(kept.storage_path).toBe('minutes.txt');
      // As a record-only delete leaves it on S3 (refused on LOCAL), or a crash between object and record.
      await h.db.deleteFrom('files').where('id', '=', kept.id).execute();
      const { store } = await h.services.storageConfigs.storeFor('local');
      await store.put('outside.txt', Readable.from([Buffer.from('NOT A SHARE')]), { contentType: 'text/plain' });
      const key = await h.actors.apiKey(Permission.FILE_SHARE);
      for (const [name, headers] of [
        ['minutes.txt', key],
        ['minutes.txt', h.actors.admin()],
        ['outside.txt', key],
      ] as const) {
        const res = await uploadDirect(h, name, 'REPLACED', { headers });
        expect((res.body.data as { storage_path: string }).storage_path).toMatch(/^(minutes|outside)-\w{6}\.txt$/);
      }
      const read = async (k: string) => Buffer.concat(await (await store.get(k)).body.toArray()).toString();
      expect(await read('minutes.txt')).toBe('ADMIN-ORIGINAL');
      expect(await read('outside.txt')).toBe('NOT A SHARE');
      // A name storage does not hold is taken as it is.
      expect(
        ((await uploadDirect(h, 'fresh.txt', 'new', { headers: key })).body.data as { storage_path: string })
          .storage_path,
      ).toBe('fresh.txt');
    });
  });
});
