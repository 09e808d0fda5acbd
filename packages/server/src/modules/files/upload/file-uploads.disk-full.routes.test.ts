import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../../../test/harness.js';
import { harnessPerSuite } from '../../../test/per-test.js';
import { uploadDirect } from '../files.test-support.js';

/** A 2 MiB tmpfs needs root's mount; elsewhere the test says why it did not run. */
function canMount(): boolean {
  return process.getuid?.() === 0;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

describe.skipIf(!canMount()).each(dialects)(
  'an upload to a full LOCAL disk (%s; needs root for a tmpfs)',
  (dialect) => {
    const h = harnessPerSuite({ dialect });
    let root = '';
    let mounted = false;

    beforeAll(() => {
      root = path.join(h.config.dataDir, 'storage', 'local');
      mkdirSync(root, { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', root]);
      mounted = true;
    });
    afterAll(() => {
      if (mounted) execFileSync('umount', [root]);
    });

    it('answers 507 and keeps neither a partial object nor a share row; a file that fits is stored after', async () => {
      const big = new Uint8Array(3 * 1024 * 1024).fill(7);
      const res = await uploadDirect(h, 'big.bin', big, { query: 'storage_config_id=local&slug=too-big' });
      expect(res.status, res.text).toBe(507);
      expect(res.body).toMatchObject({ success: false, message: 'The storage is full: the file was not saved' });
      expect(filesUnder(root)).toEqual([]);
      const rows = await h.db.selectFrom('files').select('id').execute();
      expect(rows).toEqual([]);

      const small = await uploadDirect(h, 'small.txt', 'fits', { query: 'storage_config_id=local&slug=fits' });
      expect(small.status, small.text).toBe(201);
    });
  },
);
