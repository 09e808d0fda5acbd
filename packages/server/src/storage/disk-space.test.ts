import { mkdtemp, rm, statfs } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { diskSpaceOf } from './disk-space.js';

describe('diskSpaceOf', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers the file system of a folder, or of its nearest existing parent before it is created', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'driftbox-disk-'));
    const fs = await statfs(dir);
    const expected = { total: fs.blocks * fs.bsize, free: expect.any(Number) };
    expect(await diskSpaceOf(dir)).toEqual(expected);
    expect(await diskSpaceOf(path.join(dir, 'storage', 'local'))).toEqual(expected);
    const space = await diskSpaceOf(dir);
    expect(space?.free).toBeGreaterThan(0);
    expect(space?.free).toBeLessThanOrEqual(space?.total ?? 0);
  });
});
