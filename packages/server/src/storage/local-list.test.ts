import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listLocal, listLocalFolder } from './local-list.js';

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
