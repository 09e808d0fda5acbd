import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutOf, writeAtomically } from './local-fs.js';
import { sweepLocalLeftovers } from './local-sweep.js';

describe('sweepLocalLeftovers', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the temp file of a write still in progress, however old its mtime (a trickling body)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-sweep-'));
    dirs.push(dir);
    const layout = layoutOf(dir);
    const longAgo = new Date(Date.now() - 24 * 3600_000);
    let finish: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => (finish = resolve));
    let started: () => void = () => undefined;
    const filling = new Promise<void>((resolve) => (started = resolve));
    const write = writeAtomically(layout.tmp, path.join(dir, 'objects', 'slow.bin'), async (tmpPath) => {
      await writeFile(tmpPath, 'first chunk');
      await utimes(tmpPath, longAgo, longAgo);
      started();
      await waiting;
    });
    await filling;
    await writeFile(path.join(layout.tmp, 'cut-short'), 'partial');
    await utimes(path.join(layout.tmp, 'cut-short'), longAgo, longAgo);
    const before = { temp: new Date(Date.now() - 2 * 3600_000), uploads: new Date(0) };
    expect(await sweepLocalLeftovers(layout, before)).toBe(1);
    expect(await readdir(layout.tmp)).toHaveLength(1);
    finish();
    await write;
    expect(await readdir(path.join(dir, 'objects'))).toEqual(['slow.bin']);
  });
});
