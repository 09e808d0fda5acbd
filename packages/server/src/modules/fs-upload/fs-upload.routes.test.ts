import { beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls, storageKinds } from '../fs/fs.test-support.js';
import { fsUploadCalls } from './fs-upload.test-support.js';

const combos = dialects.flatMap((d) => storageKinds.map((s) => [d, s] as const));
const MiB = 1024 * 1024;
const bytes = (text: string) => new TextEncoder().encode(text);

describe.each(combos)('fs uploads by URL (%s, %s)', (dialect, storage) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  const up = fsUploadCalls(() => h, storage);
  let configId = '';

  beforeAll(async () => {
    configId = await fs.configFor(storage);
    await fs.mount(configId, '/u', { cache_ttl: 300 });
  });

  it('presign → PUT → commit: listed and downloadable; a later PUT to the URL changes nothing', async () => {
    expect(await fs.names('/u')).toEqual([]);
    const p = await up.presign('/u/docs', 'hello.txt', 5);
    expect(p).toMatchObject({ targetPath: '/u/docs/hello.txt', s3Path: 'docs/hello.txt' });
    expect(p.presignedUrl).toMatch(/^https?:\/\//);
    const put = await up.put(p.presignedUrl, bytes('hello'), p.headers);
    expect(put.status, put.text).toBe(200);
    // Nothing is published before the commit, and the staging folder never shows.
    expect(await fs.names('/u')).toEqual([]);
    const commit = await up.post('/api/fs/presign/commit', { fileId: p.fileId, fileSize: 5 });
    expect(commit.status, commit.text).toBe(200);
    expect(commit.body.data).toMatchObject({ success: true, targetPath: '/u/docs/hello.txt', size: 5 });
    expect(await fs.names('/u')).toEqual(['docs']);
    expect(await fs.names('/u/docs')).toEqual(['hello.txt']);
    expect((await fs.download('/u/docs/hello.txt')).text).toBe('hello');

    await up.put(p.presignedUrl, bytes('HIJCK'), p.headers);
    expect((await fs.download('/u/docs/hello.txt')).text).toBe('hello');
    expect(await fs.names('/u')).toEqual(['docs']);
    // Committed once: a second commit finds nothing pending.
    expect((await up.post('/api/fs/presign/commit', { fileId: p.fileId })).status).toBe(404);
    // Sweeping after the URL expired removes what the late PUT staged, never the file.
    await h.db.updateTable('fs_uploads').set({ expires_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await h.services.fsUploadCleanup.sweep()).toBeGreaterThanOrEqual(1);
    expect((await fs.keys(configId)).filter((k) => k.includes('.driftbox-staging'))).toEqual([]);
    expect((await fs.download('/u/docs/hello.txt')).text).toBe('hello');
  });

  it('commits by targetPath as the original client does', async () => {
    const p = await up.presign('/u', 'by-path.txt', 3);
    expect((await up.put(p.presignedUrl, bytes('abc'), p.headers)).status).toBe(200);
    const commit = await up.post('/api/fs/presign/commit', { targetPath: '/u/by-path.txt', mountId: 'x' });
    expect(commit.status, commit.text).toBe(200);
    expect((await fs.download('/u/by-path.txt')).text).toBe('abc');
  });

  it('refuses a commit whose staged object has the wrong size, and one with nothing uploaded', async () => {
    const p = await up.presign('/u', 'sized.txt', 4);
    expect((await up.post('/api/fs/presign/commit', { fileId: p.fileId })).status).toBe(400);
    const row = await h.db.selectFrom('fs_uploads').selectAll().where('id', '=', p.fileId).executeTakeFirstOrThrow();
    await up.store(configId, row.staging_key as string, 'too long');
    const res = await up.post('/api/fs/presign/commit', { fileId: p.fileId });
    expect(res.status, res.text).toBe(400);
    expect(res.body.message).toBe('The uploaded file has 8 bytes, not the 4 announced; upload it again');
    expect((await fs.download('/u/sized.txt')).status).toBe(404);
    expect((await up.post('/api/fs/presign/commit', { fileId: p.fileId })).status).toBe(404);
  });

  it('multipart: init → parts → list-parts → refresh-urls → complete', async () => {
    const size = 5 * MiB + 3;
    const init = await up.init('/u/big', 'blob.bin', size, 5 * MiB);
    expect(init.partCount).toBe(2);
    const first = new Uint8Array(5 * MiB).fill(1);
    const r1 = await up.put(init.presignedUrls[0]!.url, first);
    expect(r1.status, r1.text).toBe(200);
    const ref = { path: '/u/big', fileName: 'blob.bin', uploadId: init.uploadId };
    const listed = await up.post('/api/fs/multipart/list-uploads', { path: '/u' });
    expect(listed.body.data).toMatchObject({ uploads: [{ uploadId: init.uploadId, path: '/u/big/blob.bin' }] });
    const parts = await up.post('/api/fs/multipart/list-parts', ref);
    expect(parts.status, parts.text).toBe(200);
    expect(parts.body.data).toMatchObject({ parts: [{ PartNumber: 1, Size: 5 * MiB }] });
    const fresh = await up.post('/api/fs/multipart/refresh-urls', { ...ref, partNumbers: [2] });
    expect(fresh.status, fresh.text).toBe(200);
    const url2 = (fresh.body.data as { presignedUrls: { url: string }[] }).presignedUrls[0]!.url;
    expect((await up.post('/api/fs/multipart/refresh-urls', { ...ref, partNumbers: [3] })).status).toBe(400);
    const r2 = await up.put(url2, bytes('end'));
    expect(r2.status, r2.text).toBe(200);
    const etags = (await up.post('/api/fs/multipart/list-parts', ref)).body.data as {
      parts: { PartNumber: number; ETag: string }[];
    };
    expect((await up.post('/api/fs/multipart/complete', { ...ref, parts: etags.parts.slice(0, 1) })).status).toBe(400);
    const done = await up.post('/api/fs/multipart/complete', { ...ref, parts: etags.parts });
    expect(done.status, done.text).toBe(200);
    expect(done.body.data).toMatchObject({ success: true, size, path: '/u/big/blob.bin' });
    expect(await fs.names('/u/big')).toEqual(['blob.bin']);
    const got = await fs.download('/u/big/blob.bin');
    expect(got.text.length).toBe(size);
    expect(got.text.endsWith('end')).toBe(true);
    expect((await up.post('/api/fs/multipart/list-parts', ref)).status).toBe(404);
  });

  it('abort discards the upload; another actor cannot see or touch it', async () => {
    const init = await up.init('/u', 'gone.bin', 10, 5 * MiB);
    const ref = { path: '/u', fileName: 'gone.bin', uploadId: init.uploadId };
    const other = await h.actors.apiKey(0xffff);
    expect((await up.post('/api/fs/multipart/list-parts', ref, other)).status).toBe(404);
    expect((await up.post('/api/fs/multipart/abort', ref, other)).status).toBe(404);
    const abort = await up.post('/api/fs/multipart/abort', ref);
    expect(abort.status, abort.text).toBe(200);
    expect((await up.post('/api/fs/multipart/list-parts', ref)).status).toBe(404);
    expect(await fs.names('/u')).not.toContain('gone.bin');
  });

  it('the cleanup job aborts an abandoned upload and deletes what an unfinished presign staged', async () => {
    const init = await up.init('/u', 'left.bin', 10, 5 * MiB);
    const p = await up.presign('/u', 'left.txt', 2);
    expect((await up.put(p.presignedUrl, bytes('ab'), p.headers)).status).toBe(200);
    await h.db.updateTable('fs_uploads').set({ touched_at: '2000-01-01T00:00:00.000Z' }).execute();
    expect(await h.services.fsUploadCleanup.sweep()).toBe(2);
    const ref = { path: '/u', fileName: 'left.bin', uploadId: init.uploadId };
    expect((await up.post('/api/fs/multipart/list-parts', ref)).status).toBe(404);
    expect((await up.post('/api/fs/presign/commit', { fileId: p.fileId })).status).toBe(404);
    expect((await fs.keys(configId)).filter((k) => k.includes('.driftbox-staging'))).toEqual([]);
  });
});
