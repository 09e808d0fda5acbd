import { beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { fsCalls, storageKinds } from './fs.test-support.js';

type Listing = {
  path: string;
  items: { name: string; path: string; isDirectory: boolean; size: number | null; type: number; typeName: string }[];
  nextCursor: string | null;
  hasMore: boolean;
} & Record<string, unknown>;

const combos = dialects.flatMap((d) => storageKinds.map((s) => [d, s] as const));

describe.each(combos)('fs reads (%s, %s)', (dialect, storage) => {
  const h = harnessPerSuite({ dialect });
  const fs = fsCalls(() => h);
  let configId = '';
  let mountId = '';

  beforeAll(async () => {
    configId = await fs.configFor(storage);
    mountId = (await fs.mount(configId, '/data')).id;
    await fs.mount(configId, '/nest/deep');
    await fs.seed(configId, {
      'docs/b.txt': 'bee',
      'docs/a.md': '# a',
      'docs/zeta/inner.txt': 'in',
      'docs/alpha/x.txt': 'x',
      'docs/.driftbox-staging/upload-1': 'half',
      'docs/kept/.driftbox-folder': '',
      'big/file.bin': '0123456789',
    });
  });

  it('lists the root and the folders between mounts from the mount table', async () => {
    const root = await fs.list('/');
    expect(root.status, root.text).toBe(200);
    expect(root.body.data).toEqual({
      path: '/',
      isDirectory: true,
      isVirtual: true,
      items: [
        expect.objectContaining({ name: 'data', path: '/data', isDirectory: true, isMount: true, mountId }),
        expect.objectContaining({ name: 'nest', path: '/nest', isDirectory: true, isVirtual: true }),
      ],
      nextCursor: null,
      hasMore: false,
    });
    expect(await fs.names('/nest')).toEqual(['deep']);
  });

  it('lists a real folder: folders first, then names; staging and folder markers hidden; no folder sizes', async () => {
    const res = await fs.list('/data/docs');
    expect(res.status, res.text).toBe(200);
    const data = res.body.data as Listing;
    expect(data).toMatchObject({ path: '/data/docs', type: 'directory', isVirtual: false, mount_id: mountId });
    expect(data.items.map((i) => i.name)).toEqual(['alpha', 'kept', 'zeta', 'a.md', 'b.txt']);
    expect(data.items[0]).toEqual({
      name: 'alpha',
      path: '/data/docs/alpha/',
      isDirectory: true,
      size: null,
      modified: null,
      type: 1,
      typeName: 'folder',
    });
    expect(data.items[4]).toMatchObject({ path: '/data/docs/b.txt', isDirectory: false, size: 3, typeName: 'text' });
    expect(data).toMatchObject({ nextCursor: null, hasMore: false });
  });

  it('pages a listing with a cursor', async () => {
    const first = (await fs.list('/data/docs', undefined, '&limit=2')).body.data as Listing;
    expect(first.hasMore).toBe(true);
    expect(first.nextCursor).toEqual(expect.any(String));
    const seen = first.items.map((i) => i.name);
    let cursor = first.nextCursor;
    while (cursor) {
      const page = await fs.list('/data/docs', undefined, `&limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(page.status, page.text).toBe(200);
      const data = page.body.data as Listing;
      seen.push(...data.items.map((i) => i.name));
      cursor = data.nextCursor;
    }
    expect(seen.sort()).toEqual(['a.md', 'alpha', 'b.txt', 'kept', 'zeta']);
  });

  it('gets a file and a folder, 404 for nothing', async () => {
    const file = await h.call('GET', '/api/fs/get?path=/data/docs/b.txt', { headers: h.actors.admin() });
    expect(file.status, file.text).toBe(200);
    expect(file.body.data).toMatchObject({
      path: '/data/docs/b.txt',
      name: 'b.txt',
      isDirectory: false,
      size: 3,
      contentType: 'text/plain',
      mount_id: mountId,
      storage_type: storage,
      typeName: 'text',
      preview_url: expect.any(String),
      download_url: expect.any(String),
    });
    const folder = await h.call('GET', '/api/fs/get?path=/data/docs/zeta', { headers: h.actors.admin() });
    expect(folder.body.data).toMatchObject({ isDirectory: true, name: 'zeta', preview_url: null });
    const none = await h.call('GET', '/api/fs/get?path=/data/nothing', { headers: h.actors.admin() });
    expect(none.status).toBe(404);
  });

  it('downloads as an attachment with Range and conditional requests', async () => {
    const whole = await fs.download('/data/big/file.bin');
    expect(whole.status).toBe(200);
    expect(whole.text).toBe('0123456789');
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="file.bin"/);
    const etag = whole.headers.get('etag')!;
    const part = await fs.download('/data/big/file.bin', { Range: 'bytes=2-4' });
    expect(part.status).toBe(206);
    expect(part.text).toBe('234');
    expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
    expect((await fs.download('/data/big/file.bin', { 'If-None-Match': etag })).status).toBe(304);
    const lastModified = whole.headers.get('last-modified')!;
    expect((await fs.download('/data/big/file.bin', { 'If-Modified-Since': lastModified })).status).toBe(304);
    expect((await fs.download('/data/big/file.bin', { Range: 'bytes=50-' })).status).toBe(416);
    expect((await fs.download('/data/big')).status).toBe(404);
    expect((await fs.download('/data/docs/.driftbox-staging/upload-1')).status).toBe(404);
  });

  it('gives a presigned file link on a mount without web proxy, which serves the file', async () => {
    const res = await h.call('GET', '/api/fs/file-link?path=/data/docs/b.txt&expires_in=60', {
      headers: h.actors.admin(),
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ success: true, name: 'b.txt', expiresIn: 60, forceDownload: false });
    const url = (res.body.data as { presignedUrl: string }).presignedUrl;
    const fetched =
      storage === 'LOCAL'
        ? await fs.raw(url)
        : await fetch(url).then(async (r) => ({ status: r.status, text: await r.text() }));
    expect(fetched.status).toBe(200);
    expect(fetched.text).toBe('bee');
  });
});
