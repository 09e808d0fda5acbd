import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { hasLocalObjects, listLocal, listLocalFolder } from './local-list.js';

describe('listLocalFolder', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'local-list-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const folder = path.join(root, 'f');
  mkdirSync(path.join(folder, 'sub'), { recursive: true });
  for (const name of ['e.txt', 'a.txt', 'c.txt', 'B.txt', 'd.txt']) writeFileSync(path.join(folder, name), name);

  it('gives the pages of list in batches of the same size, the folder read once', async () => {
    const pages = [];
    let cursor: string | undefined;
    do {
      const { nextCursor, ...page } = await listLocal(root, { prefix: 'f/', delimiter: '/', limit: 2, cursor });
      pages.push(page);
      cursor = nextCursor ?? undefined;
    } while (cursor);
    const batches = [];
    for await (const batch of listLocalFolder(root, 'f/', 2)) batches.push(batch);
    expect(batches).toEqual(pages);
    expect(batches.flatMap((b) => [...b.objects.map((o) => o.key), ...b.prefixes])).toEqual(
      ['f/B.txt', 'f/a.txt', 'f/c.txt', 'f/d.txt', 'f/e.txt', 'f/sub/'].sort(),
    );
  });

  it('leaves out a file deleted after the folder was read', async () => {
    const batches = listLocalFolder(root, 'f/', 2);
    const first = await batches.next();
    unlinkSync(path.join(folder, 'e.txt')); // the third batch (d.txt, e.txt) is stat'ed after the second is taken
    const rest = [];
    for await (const batch of batches) rest.push(batch);
    expect(first.value?.objects.map((o: { key: string }) => o.key)).toEqual(['f/B.txt', 'f/a.txt']);
    expect(rest.flatMap((b) => b.objects.map((o) => o.key))).toEqual(['f/c.txt', 'f/d.txt']);
    expect(rest.flatMap((b) => b.prefixes)).toEqual(['f/sub/']);
  });
});

describe('hasLocalObjects', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'local-has-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'flat'));
  for (let i = 0; i < 50; i++) writeFileSync(path.join(root, 'flat', `f${i}`), '');
  mkdirSync(path.join(root, 'empty/a/b'), { recursive: true });
  mkdirSync(path.join(root, 'deep/a/b/c'), { recursive: true });
  mkdirSync(path.join(root, 'deep/0/1'), { recursive: true });
  writeFileSync(path.join(root, 'deep/a/b/c/x.txt'), 'x');
  writeFileSync(path.join(root, 'file'), 'x');

  it('answers as a page of one of list does', async () => {
    for (const prefix of ['', 'flat/', 'empty/', 'empty/a/', 'deep/', 'deep/0/', 'deep/a/b/', 'missing/', 'file/']) {
      const page = await listLocal(root, { prefix, limit: 1 });
      expect([prefix, await hasLocalObjects(root, prefix)]).toEqual([prefix, page.objects.length > 0]);
    }
  });

  it('refuses a prefix that is not a folder', async () => {
    await expect(hasLocalObjects(root, 'fla')).rejects.toThrow(/folder/);
  });
});
