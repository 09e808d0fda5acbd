import { Readable } from 'node:stream';
import { expect, it } from 'vitest';
import { folderBatches } from './list-folder.js';
import type { SuiteContext } from './object-store.suite.context.js';
import { bytesOf, expectStorageError } from './object-store.suite.context.js';

/** The suite's listing, copy and delete, and the keys a store refuses. */
export function listingTests(ctx: SuiteContext): void {
  const { ns, putText, store } = ctx;

  it('lists one level with a delimiter, in byte order, page by page', async () => {
    const p = `${ns()}/`;
    const keys = ['a.txt', 'b/1', 'b/2', 'c.txt', 'd/x/y', 'e.txt', 'Z.txt', 'é.txt'].map((k) => p + k);
    for (const key of keys) await putText(key, key);
    const all = await store.list({ prefix: p, delimiter: '/' });
    expect(all.objects.map((o) => o.key)).toEqual([`${p}Z.txt`, `${p}a.txt`, `${p}c.txt`, `${p}e.txt`, `${p}é.txt`]);
    expect(all.prefixes).toEqual([`${p}b/`, `${p}d/`]);
    expect(all.nextCursor).toBeNull();
    expect(all.objects[1]).toMatchObject({ size: Buffer.byteLength(`${p}a.txt`), etag: expect.any(String) });

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await store.list({ prefix: p, delimiter: '/', limit: 2, ...(cursor ? { cursor } : {}) });
      expect(page.objects.length + page.prefixes.length).toBeLessThanOrEqual(2);
      seen.push(...page.objects.map((o) => o.key), ...page.prefixes);
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(seen.sort()).toEqual([...all.objects.map((o) => o.key), ...all.prefixes].sort());

    expect(await store.list({ prefix: `${p}b`, delimiter: '/' })).toEqual({
      objects: [],
      prefixes: [`${p}b/`],
      nextCursor: null,
    });
    expect((await store.list({ prefix: `${p}b/`, delimiter: '/' })).objects.map((o) => o.key)).toEqual([
      `${p}b/1`,
      `${p}b/2`,
    ]);
    expect(await store.list({ prefix: `${ns()}/`, delimiter: '/' })).toEqual({
      objects: [],
      prefixes: [],
      nextCursor: null,
    });
  });

  it('walks one folder level whole in batches, as its pages list it (folderBatches)', async () => {
    const p = `${ns()}/`;
    for (const key of ['b/1', 'a.txt', 'c.txt', 'Z.txt', 'é.txt'].map((k) => p + k)) await putText(key, key);
    const batches = [];
    for await (const batch of folderBatches(store, p)) batches.push(batch);
    const { nextCursor, ...all } = await store.list({ prefix: p, delimiter: '/' });
    expect(nextCursor).toBeNull();
    expect(batches).toEqual([all]);
    expect(all.objects.map((o) => o.key)).toEqual([`${p}Z.txt`, `${p}a.txt`, `${p}c.txt`, `${p}é.txt`]);
    for await (const batch of folderBatches(store, `${ns()}/`)) expect(batch).toEqual({ objects: [], prefixes: [] });
  });

  it('lists recursively without a delimiter, page by page', async () => {
    const p = `${ns()}/`;
    const keys = ['a/1', 'a/2/x', 'a.txt', 'b', 'c/d/e/f'].map((k) => p + k);
    for (const key of keys) await putText(key, 'x');
    const first = await store.list({ prefix: p, limit: 3 });
    expect(first.prefixes).toEqual([]);
    expect(first.nextCursor).not.toBeNull();
    const second = await store.list({ prefix: p, limit: 3, cursor: first.nextCursor ?? '' });
    expect(second.nextCursor).toBeNull();
    expect([...first.objects, ...second.objects].map((o) => o.key)).toEqual([
      `${p}a.txt`,
      `${p}a/1`,
      `${p}a/2/x`,
      `${p}b`,
      `${p}c/d/e/f`,
    ]);
  });

  it('copies an object inside the store', async () => {
    const base = ns();
    await putText(`${base}/src.txt`, 'copy me');
    const info = await store.copy(`${base}/src.txt`, `${base}/sub/dst.txt`);
    expect(info).toMatchObject({ key: `${base}/sub/dst.txt`, size: 7 });
    expect((await bytesOf((await store.get(`${base}/sub/dst.txt`)).body)).toString()).toBe('copy me');
    expect((await store.head(`${base}/src.txt`)).size).toBe(7);
  });

  it('deletes a batch of keys and ignores missing ones', async () => {
    const base = ns();
    for (const k of ['one', 'dir/two', 'three']) await putText(`${base}/${k}`, k);
    await store.delete([`${base}/one`, `${base}/dir/two`, `${base}/never-existed`]);
    await expectStorageError(store.head(`${base}/one`), 'NOT_FOUND');
    await expectStorageError(store.head(`${base}/dir/two`), 'NOT_FOUND');
    const left = await store.list({ prefix: `${base}/`, delimiter: '/' });
    expect(left.objects.map((o) => o.key)).toEqual([`${base}/three`]);
    expect(left.prefixes).toEqual([]);
    await store.delete([]);
  });

  it('refuses unsafe or non-normal keys before touching storage', async () => {
    for (const key of [
      '../escape',
      'a/../../b',
      '/abs',
      'a//b',
      'a/./b',
      '',
      'a\\b',
      'dir/',
      'nul\0byte',
      'a/%2e%2e/b',
    ]) {
      await expectStorageError(store.head(key), 'INVALID_KEY');
      await expectStorageError(store.put(key, Readable.from([Buffer.from('x')])), 'INVALID_KEY');
      await expectStorageError(store.presignGet(key, { expiresIn: 60 }), 'INVALID_KEY');
    }
  });
}
