import { createHash, randomBytes } from 'node:crypto';
import { constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { writeBody } from './local-write.js';

const MiB = 1024 * 1024;
const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-write-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let counter = 0;
const freshPath = () => path.join(dir, `body-${(counter += 1)}`);
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` as a stream of uneven pieces, like a socket delivers them. */
function pieces(bytes: Buffer, size = 65_521): Readable {
  return Readable.from(
    (function* split() {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );
}

/** `handle` with its `write` replaced; everything else goes to the real handle. */
function withWrite(
  handle: FileHandle,
  write: (...args: Parameters<FileHandle['write']>) => ReturnType<FileHandle['write']>,
): FileHandle {
  return new Proxy(handle, {
    get(target, prop) {
      if (prop === 'write') return write;
      const value = Reflect.get(target, prop) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

describe.each([
  { name: 'direct I/O', direct: true },
  { name: 'page cache', direct: false },
])('writeBody through the $name', ({ direct }) => {
  // Around the block (4 KiB) and chunk (4 MiB) boundaries, where padding and truncation happen.
  it.each([0, 1, 4095, 4096, 4097, 4 * MiB - 1, 4 * MiB, 4 * MiB + 1, 13 * MiB + 7])(
    'writes %i bytes exactly',
    async (size) => {
      const bytes = randomBytes(size);
      const file = freshPath();
      await expect(writeBody(file, pieces(bytes), { direct })).resolves.toBe(size);
      const stored = readFileSync(file);
      expect(stored.length).toBe(size);
      expect(sha(stored)).toBe(sha(bytes));
    },
  );

  it('keeps parallel writes apart, more of them than the shared pool can serve directly', async () => {
    const bodies = Array.from({ length: 7 }, (_, i) => randomBytes(5 * MiB + i * 1000));
    const files = bodies.map(() => freshPath());
    const written = await Promise.all(
      bodies.map((bytes, i) => writeBody(files[i]!, pieces(bytes, 100_000 + i), { direct })),
    );
    expect(written).toEqual(bodies.map((b) => b.length));
    files.forEach((file, i) => expect(sha(readFileSync(file))).toBe(sha(bodies[i]!)));
  });

  it('fails with the source, and the next write still works', async () => {
    const broken = Readable.from(
      (async function* failing() {
        yield randomBytes(6 * MiB);
        throw new Error('client went away');
      })(),
    );
    await expect(writeBody(freshPath(), broken, { direct })).rejects.toThrow('client went away');
    const bytes = randomBytes(9 * MiB + 3);
    const file = freshPath();
    await writeBody(file, pieces(bytes), { direct });
    expect(sha(readFileSync(file))).toBe(sha(bytes));
  });

  it('never writes over an existing file', async () => {
    const file = freshPath();
    writeFileSync(file, 'keep me');
    await expect(writeBody(file, pieces(randomBytes(10)), { direct })).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(file, 'utf8')).toBe('keep me');
  });
});

it('pads a short tail with zeros, never with an earlier body left in a shared chunk', async () => {
  // A first body fills the chunks with a marker byte; the second, shorter one must not carry it past its end
  // (the file is truncated to its size, so this checks the truncation as much as the zero padding).
  await writeBody(freshPath(), pieces(Buffer.alloc(12 * MiB, 0xab)));
  const file = freshPath();
  await writeBody(file, pieces(Buffer.alloc(100, 0x01)));
  expect(readFileSync(file)).toEqual(Buffer.alloc(100, 0x01));
  expect(existsSync(file)).toBe(true);
});

describe('when direct I/O is refused', () => {
  const refused = () => Object.assign(new Error('Invalid argument'), { code: 'EINVAL' });
  const isDirect = (flags: unknown) => typeof flags === 'number' && (flags & constants.O_DIRECT) !== 0;

  it('by the file system at open, writes through the page cache', async () => {
    const openRefusingDirect: typeof open = async (file, flags, mode) => {
      if (isDirect(flags)) throw refused();
      return open(file, flags, mode);
    };
    const bytes = randomBytes(5 * MiB + 77);
    const file = freshPath();
    await expect(writeBody(file, pieces(bytes), { open: openRefusingDirect })).resolves.toBe(bytes.length);
    expect(sha(readFileSync(file))).toBe(sha(bytes));
  });

  it('on a write, reopens the file without it and goes on from the same offset', async () => {
    let refusals = 0;
    // The direct handle refuses its second write (a chunk already written stays written).
    const openRefusingWrites: typeof open = async (file, flags, mode) => {
      const handle = await open(file, flags, mode);
      if (!isDirect(flags)) return handle;
      let writes = 0;
      return withWrite(handle, async (...args) => {
        writes += 1;
        if (writes >= 2) {
          refusals += 1;
          throw refused();
        }
        return handle.write(...args);
      });
    };
    const bytes = randomBytes(13 * MiB + 5);
    const file = freshPath();
    await expect(writeBody(file, pieces(bytes), { open: openRefusingWrites })).resolves.toBe(bytes.length);
    expect(refusals).toBeGreaterThan(0);
    expect(sha(readFileSync(file))).toBe(sha(bytes));
  });
});

it('fails the body, never the process, when writes in flight fail with a disk error', async () => {
  // The later of two writes in flight fails first, while the earlier one is still awaited.
  const diskFull = () => Object.assign(new Error('No space left on device'), { code: 'ENOSPC' });
  let writes = 0;
  const openFailingWrites: typeof open = async (file, flags, mode) => {
    return withWrite(await open(file, flags, mode), async () => {
      writes += 1;
      if (writes === 1) await new Promise((resolve) => setTimeout(resolve, 50));
      throw diskFull();
    });
  };
  await expect(
    writeBody(freshPath(), pieces(randomBytes(12 * MiB)), { open: openFailingWrites }),
  ).rejects.toMatchObject({
    code: 'ENOSPC',
  });
  expect(writes).toBeGreaterThanOrEqual(2);
});
