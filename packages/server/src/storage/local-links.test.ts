import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemClock } from '../lib/clock.js';
import { createMac } from '../lib/crypto/mac.js';
import { TEST_SECRET } from '../test/harness.js';
import { isStorageError } from './errors.js';
import { createLocalStore } from './local.driver.js';
import type { ObjectStore } from './object-store.js';

const body = (text: string) => Readable.from([Buffer.from(text)]);

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (err: unknown) => (isStorageError(err) ? err.code : String(err)),
  );

// A symbolic link inside a LOCAL store's folder must not reach the files it points at (issue 26: the
// base-path corpus includes "symlinks on LOCAL pointing outside the mount").
describe('a LOCAL store never follows a symbolic link', () => {
  let dir: string;
  let outside: string;
  let store: ObjectStore;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-links-'));
    outside = path.join(dir, 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.txt'), 'not for the store');
    store = createLocalStore({
      configId: 'links',
      root: path.join(dir, 'store'),
      mac: createMac(TEST_SECRET),
      clock: systemClock(),
    });
    await store.put('kept/real.txt', body('a real object'));
    const objects = path.join(dir, 'store', 'objects');
    symlinkSync(path.join(outside, 'secret.txt'), path.join(objects, 'leak.txt'));
    symlinkSync(outside, path.join(objects, 'linked'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads through a linked file or folder are NOT_FOUND; real objects still read', async () => {
    expect(await codeOf(store.get('leak.txt'))).toBe('NOT_FOUND');
    expect(await codeOf(store.head('leak.txt'))).toBe('NOT_FOUND');
    expect(await codeOf(store.get('linked/secret.txt'))).toBe('NOT_FOUND');
    expect(await codeOf(store.head('linked/secret.txt'))).toBe('NOT_FOUND');
    expect(await codeOf(store.copy('linked/secret.txt', 'copied.txt'))).toBe('NOT_FOUND');
    expect(await codeOf(store.move('leak.txt', 'moved.txt'))).toBe('NOT_FOUND');
    expect((await store.head('kept/real.txt')).size).toBe('a real object'.length);
  });

  it('writes into a linked folder are ACCESS_DENIED and nothing lands outside', async () => {
    expect(await codeOf(store.put('linked/new.txt', body('x')))).toBe('ACCESS_DENIED');
    expect(await codeOf(store.put('linked/deeper/new.txt', body('x')))).toBe('ACCESS_DENIED');
    expect(await codeOf(store.copy('kept/real.txt', 'linked/copy.txt'))).toBe('ACCESS_DENIED');
    expect(readdirSync(outside)).toEqual(['secret.txt']);
    await store.put('fresh/folder/new.txt', body('fine'));
    expect((await store.head('fresh/folder/new.txt')).size).toBe(4);
  });

  it('listings leave links out', async () => {
    const page = await store.list({ delimiter: '/' });
    expect(page.objects.map((o) => o.key)).toEqual([]);
    expect(page.prefixes).toEqual(['kept/']);
  });
});
