import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { crc32Table, crc32Update } from './crc32.js';
import { checkZip } from './zip.test-support.js';
import { zipStream, type ZipEntry } from './zip-writer.js';

const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const when = new Date('2026-03-04T05:06:08Z');

function file(name: string, text: string, chunks = 1): ZipEntry {
  return {
    kind: 'file',
    name,
    modified: when,
    open: async () => {
      const bytes = Buffer.from(text, 'utf8');
      const step = Math.max(1, Math.ceil(bytes.length / chunks));
      const parts: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += step) parts.push(bytes.subarray(i, i + step));
      return { size: bytes.length, body: Readable.from(parts, { objectMode: false }) };
    },
  };
}
const folder = (name: string): ZipEntry => ({ kind: 'dir', name, modified: when });

async function* listOf(entries: ZipEntry[]): AsyncGenerator<ZipEntry> {
  yield* entries;
}

async function written(entries: ZipEntry[], options = {}): Promise<{ file: string; bytes: Buffer }> {
  const bytes = await buffer(zipStream(listOf(entries), options));
  const target = path.join(dir, `${Math.random().toString(36).slice(2)}.zip`);
  writeFileSync(target, bytes);
  return { file: target, bytes };
}

describe('crc32Update', () => {
  it.each([
    ['native or table', crc32Update],
    ['table', crc32Table],
  ])('gives the standard check value, chunked or not (%s)', (_name, crc) => {
    const data = Buffer.from('123456789');
    expect(crc(0, data)).toBe(0xcbf43926);
    expect(crc(crc(0, data.subarray(0, 4)), data.subarray(4))).toBe(0xcbf43926);
    expect(crc(0, Buffer.alloc(0))).toBe(0);
  });

  it('the table version agrees with zlib for every length around the 8-byte steps, split anywhere', () => {
    const data = randomBytes(70);
    const script =
      'import sys,zlib;d=sys.stdin.buffer.read();print(" ".join(str(zlib.crc32(d[:n])) for n in range(71)))';
    const expected = execFileSync('python3', ['-c', script], { input: data, encoding: 'utf8' }).trim().split(' ');
    for (let n = 0; n <= 70; n++) {
      const cut = n % 5;
      const split = crc32Table(crc32Table(0, data.subarray(0, cut)), data.subarray(cut, n));
      expect([crc32Table(0, data.subarray(0, n)), split]).toEqual([Number(expected[n]), Number(expected[n])]);
    }
  });
});

describe('zipStream', () => {
  it('writes an archive unzip and Python read: UTF-8 names, nested folders, an empty file and folder', async () => {
    const big = 'x'.repeat(200_000) + 'end';
    const { file: zip } = await written([
      folder('docs/'),
      file('docs/报告 2024.txt', '你好, world', 3),
      folder('docs/deep/'),
      file('docs/deep/big.bin', big, 7),
      file('docs/empty.txt', ''),
      folder('docs/nothing here/'),
      file('top.txt', 'top'),
    ]);
    const entries = checkZip(zip);
    expect(entries.map((e) => [e.name, e.size, e.isDir])).toEqual([
      ['docs/', 0, true],
      ['docs/报告 2024.txt', Buffer.byteLength('你好, world'), false],
      ['docs/deep/', 0, true],
      ['docs/deep/big.bin', big.length, false],
      ['docs/empty.txt', 0, false],
      ['docs/nothing here/', 0, true],
      ['top.txt', 3, false],
    ]);
    expect(entries[1]!.text).toBe('你好, world');
    expect(entries[3]!.text).toBe(big);
    // Bit 3 (data descriptor) and bit 11 (UTF-8 names) on every entry; no ZIP64 below the limits.
    expect(entries.every((e) => e.flags === 0x0808 && e.extra === '')).toBe(true);
  });

  it('an empty selection is a valid empty archive', async () => {
    const { file: zip, bytes } = await written([]);
    expect(bytes.length).toBe(22);
    expect(checkZip(zip, { unzip: false })).toEqual([]);
  });

  it('leaves out a file that is gone by the time it is reached', async () => {
    const gone: ZipEntry = { kind: 'file', name: 'gone.txt', modified: when, open: async () => null };
    const { file: zip } = await written([gone, file('kept.txt', 'k')]);
    expect(checkZip(zip).map((e) => e.name)).toEqual(['kept.txt']);
  });

  it('fails rather than write an entry whose body is shorter than announced', async () => {
    const short: ZipEntry = {
      kind: 'file',
      name: 'short.txt',
      modified: when,
      open: async () => ({ size: 10, body: Readable.from([Buffer.from('abc')], { objectMode: false }) }),
    };
    await expect(buffer(zipStream(listOf([short])))).rejects.toThrow(/3 bytes, not 10/);
  });

  /*
   * ZIP64 (sizes and offsets past 4 GiB, more than 65 535 entries) is checked with the limits lowered
   * (the `zip64Limits` option, for tests only): the same code paths, without writing 4 GiB.
   */
  it('uses the ZIP64 forms past the limits, and Python and unzip read them', async () => {
    const entries: ZipEntry[] = [file('a.txt', 'a'.repeat(100)), folder('f/')];
    for (let i = 0; i < 6; i++) entries.push(file(`f/${i}.txt`, `${i}`.repeat(600 + i), 5));
    const { file: zip, bytes } = await written(entries, { zip64Limits: { bytes: 500, entries: 4 } });
    const read = checkZip(zip);
    expect(read.map((e) => e.name)).toEqual(['a.txt', 'f/', ...[0, 1, 2, 3, 4, 5].map((i) => `f/${i}.txt`)]);
    expect(read.slice(2).map((e) => e.text)).toEqual([0, 1, 2, 3, 4, 5].map((i) => `${i}`.repeat(600 + i)));
    // Big entries carry sizes (and past the offset limit, the offset) in the ZIP64 extra field (0x0001).
    expect(read[0]!.extra).toBe('');
    expect(read[2]!.extra.startsWith('0100')).toBe(true);
    expect(read[7]!.extra.startsWith('01001800')).toBe(true); // sizes and offset: 24 bytes
    // The ZIP64 end of central directory record and its locator are there.
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBe(true);
    expect(bytes.includes(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).toBe(true);
  });

  it('stops reading its sources when the consumer gives up', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(Buffer.alloc(64 * 1024));
      },
    });
    const walked: string[] = [];
    async function* entries(): AsyncGenerator<ZipEntry> {
      walked.push('first');
      yield { kind: 'file', name: 'endless.bin', modified: when, open: async () => ({ size: 1e12, body: endless }) };
      walked.push('second');
    }
    const stream = zipStream(entries());
    for await (const chunk of stream) {
      void chunk;
      if (pulled > 4) break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(endless.destroyed).toBe(true);
    const after = pulled;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulled).toBe(after);
    expect(walked).toEqual(['first']);
  });
});
