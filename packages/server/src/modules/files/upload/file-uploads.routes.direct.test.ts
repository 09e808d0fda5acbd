import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  Permission,
  type FileListDto,
  type FilePresignDto,
  type MultipartInitDto,
  type MultipartPartsDto,
} from '@driftbox/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHarness, dialects, type Harness } from '../../../test/harness.js';
import { fileRow, localKeys, parsed, putBytes, seedFile, uploadDirect } from '../files.test-support.js';

const MiB = 1024 * 1024;
const PART = 5 * MiB;

describe.each(dialects)('presigned and multipart uploads on LOCAL (%s)', (dialect) => {
  let h: Harness;
  beforeEach(async () => {
    h = await createHarness({ dialect });
  });
  afterEach(async () => {
    await h.close();
  });

  const post = (path: string, body: unknown, headers = h.actors.admin()) => h.call('POST', path, { headers, body });
  const put = (url: string, body: Uint8Array, headers?: Record<string, string>) => putBytes(h, url, body, headers);

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
      expect((await put(data.upload_url, new TextEncoder().encode('a,b,c'), data.headers)).status).toBe(200);
      const commit = await post('/api/s3/commit', { file_id: data.file_id, etag: 'whatever' });
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
      expect(await h.services.fileCleanup.purgeReuploads()).toBe(3);
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

    it('an upload URL cannot replace the bytes once published, even while it is still valid; a new upload to the same name can', async () => {
      await h.call('PUT', '/api/admin/settings/group/1', {
        headers: h.actors.admin(),
        body: { file_naming_strategy: 'overwrite' },
      });
      const first = (
        await post('/api/s3/presign', {
          filename: 'note.txt',
          mimetype: 'text/plain',
          size: 5,
          slug: 'note',
          use_proxy: true,
        })
      ).body.data as FilePresignDto;
      const encode = (text: string) => new TextEncoder().encode(text);
      expect((await put(first.upload_url, encode('hello'), first.headers)).status).toBe(200);
      expect((await post('/api/s3/commit', { file_id: first.file_id })).status).toBe(200);
      const replay = await put(first.upload_url, encode('PWNED'), first.headers);
      expect(replay.status).toBe(403);
      expect(replay.body).toMatchObject({ message: 'This upload link was already used: the file is published' });
      expect((await parsed(await h.app.request('/api/file-download/note'))).text).toBe('hello');
      // The overwrite strategy: the creator's next upload of that name is pending, so its URL may write.
      const next = (
        await post('/api/s3/presign', {
          filename: 'note.txt',
          mimetype: 'text/plain',
          size: 5,
          slug: 'note2',
          use_proxy: true,
        })
      ).body.data as FilePresignDto;
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
      // An upload cancelled after it wrote over the shared object: its shares now hold (and count) those bytes.
      const data = (await post('/api/s3/presign', { filename: 'same.bin', size: 40 })).body.data as FilePresignDto;
      expect((await put(data.upload_url, new Uint8Array(40), data.headers)).status).toBe(200);
      expect((await post('/api/url/cancel', { file_id: data.file_id })).status).toBe(200);
      expect(Number((await fileRow(h, first.data.file_id))?.size)).toBe(40);
      expect(await used()).toBe(40);
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

  describe('resumable multipart', () => {
    const init = (size: number, headers = h.actors.admin()) =>
      post(
        '/api/upload/multipart/init',
        { filename: 'big.bin', size, partSize: PART, partCount: Math.ceil(size / PART), slug: 'big' },
        headers,
      );
    const bytes = (n: number, fill: number) => new Uint8Array(n).fill(fill);

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
