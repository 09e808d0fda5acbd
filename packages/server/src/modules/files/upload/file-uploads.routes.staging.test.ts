import type { FilePresignDto } from '@driftbox/contract';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { harnessPerTest } from '../../../test/per-test.js';
import { fileRow, localKeys, parsed } from '../files.test-support.js';
import { uploadCalls } from './file-uploads.test-support.js';

const encode = (text: string) => new TextEncoder().encode(text);

// LOCAL's upload URLs are refused once their upload is committed, but a PUT already past that check
// when the commit came used to land on the published object. They now write a staging key too, and
// the commit moves the checked object (issue 25, hardening 5).
describe.each(dialects)('presigned uploads on LOCAL go to a staging key (%s)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { post, put } = uploadCalls(h);
  const presign = async (slug: string, size: number) =>
    (await post('/api/s3/presign', { filename: `${slug}.txt`, size, slug, use_proxy: true })).body
      .data as FilePresignDto;
  const served = async (slug: string) => (await parsed(await h.app.request(`/api/file-download/${slug}`))).text;

  it('a PUT still running when the commit comes cannot replace the published bytes', async () => {
    const data = await presign('raced', 5);
    const staging = `.driftbox-staging/${data.file_id}`;
    expect(new URL(data.upload_url, 'http://x').searchParams.get('key')).toBe(staging);
    expect((await put(data.upload_url, encode('hello'), data.headers)).status).toBe(200);
    expect(await localKeys(h)).toEqual([staging]);
    // A second PUT with the same URL, past its checks and writing when the commit comes.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encode('PW'));
        await gate;
        controller.enqueue(encode('NED'));
        controller.close();
      },
    });
    const racing = h.app.request(data.upload_url, {
      method: 'PUT',
      body,
      headers: { ...data.headers, 'Content-Length': '5' },
      duplex: 'half',
    } as RequestInit);
    const tmp = path.join(h.config.dataDir, 'storage', 'local', 'tmp');
    await vi.waitFor(() => expect(existsSync(tmp) ? readdirSync(tmp) : []).toHaveLength(1));
    const commit = await post('/api/s3/commit', { file_id: data.file_id });
    expect(commit.status, commit.text).toBe(200);
    release();
    expect((await racing).status).toBe(403);
    expect(await served('raced')).toBe('hello');
    // What the late PUT stored went with it; the staging key is empty.
    expect(await localKeys(h)).toEqual([data.storage_path]);
    expect((await put(data.upload_url, encode('again'), data.headers)).status).toBe(403);
    expect(await served('raced')).toBe('hello');
  });

  it('commit checks the size and the ETag the PUT was answered with; a refused upload publishes nothing', async () => {
    const { store } = await h.services.storageConfigs.storeFor('local');
    const short = await presign('short', 5);
    await store.put(`.driftbox-staging/${short.file_id}`, new Blob([encode('abc')]).stream(), { contentLength: 3 });
    expect((await post('/api/s3/commit', { file_id: short.file_id })).body).toMatchObject({
      code: 400,
      message: 'The uploaded file has 3 bytes, not the 5 announced; upload it again',
    });
    const swapped = await presign('swapped', 5);
    const uploaded = await put(swapped.upload_url, encode('hello'), swapped.headers);
    expect(uploaded.headers.get('etag')).toMatch(/^".+"$/);
    const commit = await h.call('POST', '/api/s3/commit', {
      headers: { ...h.actors.admin(), 'X-Language': 'zh-CN' },
      body: { file_id: swapped.file_id, etag: '"not-what-was-stored"' },
    });
    expect(commit.body).toMatchObject({
      code: 400,
      message: '存储中的文件与本次上传的不一致（ETag 不同），请重新上传',
    });
    for (const data of [short, swapped]) {
      expect(await fileRow(h, data.file_id)).toBeUndefined();
      expect((await h.call('GET', `/api/public/files/${data.slug}`)).status).toBe(404);
    }
    expect(await localKeys(h)).toEqual([]);
  });
});
