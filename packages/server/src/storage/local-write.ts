/**
 * How the LOCAL driver writes a body into a fresh temp file: through direct I/O (`O_DIRECT`) where the
 * file system allows it, else through the page cache.
 *
 * Why direct I/O: an upload is written once and read rarely, so caching it only evicts what is hot and
 * piles up dirty pages that the closing fsync must then write in one go. Writing around the cache (as
 * object stores such as MinIO do for large objects) lets the disk work while the next bytes arrive, and
 * costs this process no page-cache copies or page allocations. On the 2-core VM of the bench that made
 * uploads steady (buffered writes swung between 250 and 900 MB/s with the host's memory reclaimer).
 *
 * Direct I/O needs memory, offsets and lengths aligned to the device's block size. Offsets are multiples
 * of CHUNK; the last, partial block is written padded and the file truncated to its real size. Aligned
 * memory comes from one WebAssembly memory (its backing store is page-aligned; a Buffer's is not), cut
 * into CHUNK-sized slots that uploads borrow and give back, so memory stays flat and warm. When no slot
 * is free, the file system refuses `O_DIRECT`, or a direct write is refused, the body goes through the
 * page cache instead — the bytes written are the same either way.
 */
import { constants, createWriteStream } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { chunkBatches } from './streams.js';

/** Bytes per direct write (a multiple of every block size, and of the WebAssembly page size). */
const CHUNK = 4 * 1024 * 1024;
/** Chunks one write borrows: one being filled while the others are written. */
const CHUNKS_PER_WRITE = 3;
/** Chunks in the shared pool (four large uploads at once write directly; more go through the cache). */
const POOL_CHUNKS = 12;
/** The padding unit of the last block: covers 512-byte and 4 KiB sector devices. */
const BLOCK = 4096;
/** What a buffered write stream may hold while the disk is busy (the default 16 KiB stalls the socket). */
const BUFFERED_HIGH_WATER = 8 * 1024 * 1024;

const WASM_PAGE = 64 * 1024;

/** The one WebAssembly API used here (the server's TypeScript libs have no DOM/WebAssembly typings). */
declare const WebAssembly: { Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer } };

/** The pool of aligned chunks, made on first use. */
let pool: Buffer[] | null = null;

function takeChunks(count: number): Buffer[] | null {
  if (pool === null) {
    const memory = new WebAssembly.Memory({ initial: (POOL_CHUNKS * CHUNK) / WASM_PAGE });
    pool = Array.from({ length: POOL_CHUNKS }, (_, i) => Buffer.from(memory.buffer, i * CHUNK, CHUNK));
  }
  // The most recently returned chunks first: their pages are the ones still resident.
  return pool.length >= count ? pool.splice(pool.length - count, count) : null;
}

function returnChunks(chunks: Buffer[]): void {
  pool?.push(...chunks);
}

/** True for the errors meaning "this file or memory cannot do direct I/O". */
function directRefused(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === 'EINVAL' || code === 'EOPNOTSUPP' || code === 'ENOTSUP';
}

export interface WriteBodyOptions {
  /** false: never try direct I/O (tests of the buffered path). */
  direct?: boolean;
  /** How files are opened (tests inject refusals of direct I/O). */
  open?: typeof open;
}

/**
 * Streams `source` (a Readable or any async iterable of bytes) into a new file at `tmpPath` (which
 * must not exist) with backpressure, makes it durable (fsync) and returns the number of bytes written.
 * On failure the caller removes the file.
 */
export async function writeBody(
  tmpPath: string,
  source: AsyncIterable<Uint8Array>,
  options: WriteBodyOptions = {},
): Promise<number> {
  const directFlag = constants.O_DIRECT as number | undefined;
  const chunks = options.direct !== false && directFlag !== undefined ? takeChunks(CHUNKS_PER_WRITE) : null;
  if (!chunks) return writeBuffered(tmpPath, source);
  const openFile = options.open ?? open;
  try {
    let handle: FileHandle;
    try {
      handle = await openFile(tmpPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | directFlag!, 0o666);
    } catch (err) {
      if (directRefused(err)) return await writeBuffered(tmpPath, source);
      throw err;
    }
    return await writeDirect(tmpPath, handle, source, chunks, openFile);
  } finally {
    returnChunks(chunks);
  }
}

async function writeBuffered(tmpPath: string, source: AsyncIterable<Uint8Array>): Promise<number> {
  const sink = createWriteStream(tmpPath, { flags: 'wx', flush: true, highWaterMark: BUFFERED_HIGH_WATER });
  await pipeline(source, sink);
  return sink.bytesWritten;
}

/**
 * The direct path: fills the borrowed chunks in turn and writes each full one while the next fills (at
 * most CHUNKS_PER_WRITE - 1 writes in flight; the source waits when all are busy). A write refused as
 * misaligned reopens the file without O_DIRECT and goes on from the same offset.
 */
async function writeDirect(
  tmpPath: string,
  first: FileHandle,
  source: AsyncIterable<Uint8Array>,
  chunks: Buffer[],
  openFile: typeof open,
): Promise<number> {
  let handle: Promise<FileHandle> = Promise.resolve(first);
  let direct = true;
  let position = 0;
  let current = 0;
  let filled = 0;
  const inFlight: Promise<void>[] = [];

  // Once, for all writes: the same file through the page cache (close waits for writes still running).
  const fallBack = (): Promise<FileHandle> => {
    if (direct) {
      direct = false;
      handle = openFile(tmpPath, 'r+').then(async (buffered) => {
        await first.close();
        return buffered;
      });
    }
    return handle;
  };
  const writeAt = async (chunk: Buffer, length: number, at: number): Promise<void> => {
    const target = await handle;
    try {
      await writeFully(target, chunk, length, at);
    } catch (err) {
      if (target !== first || !directRefused(err)) throw err;
      await writeFully(await fallBack(), chunk, length, at);
    }
  };

  // Copies a piece of the body into the current chunk; each full chunk goes out while the next fills.
  const append = async (piece: Uint8Array): Promise<void> => {
    for (let offset = 0; offset < piece.length;) {
      const take = Math.min(piece.length - offset, CHUNK - filled);
      chunks[current]!.set(piece.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled < CHUNK) continue;
      const write = writeAt(chunks[current]!, CHUNK, position);
      // Awaited below, but a later write may fail while an earlier one is awaited: never unhandled.
      write.catch(() => undefined);
      inFlight.push(write);
      position += CHUNK;
      current = (current + 1) % chunks.length;
      filled = 0;
      if (inFlight.length === chunks.length - 1) await inFlight.shift();
    }
  };

  try {
    for await (const batch of chunkBatches(source)) for (const piece of batch) await append(piece);
    await Promise.all(inFlight);
    if (filled > 0) {
      // Direct I/O writes whole blocks: the tail goes out padded, then the file is cut to its size.
      const padded = Math.ceil(filled / BLOCK) * BLOCK;
      chunks[current]!.fill(0, filled, padded); // the pool is shared: pad with zeros, not an earlier body
      await writeAt(chunks[current]!, padded, position);
      position += filled;
      if (padded !== filled) await (await handle).truncate(position);
    }
    await (await handle).sync();
    return position;
  } finally {
    // Writes still running use the borrowed chunks: they must end before the chunks go back.
    await Promise.allSettled(inFlight);
    const last = await handle.catch(() => null);
    await last?.close();
    if (last !== first) await first.close().catch(() => undefined);
  }
}

/**
 * Writes all `length` bytes: a write may take fewer (a nearly full disk takes what fits and says so
 * only in the count), so the rest goes again until it is written or the disk answers ENOSPC.
 */
async function writeFully(handle: FileHandle, chunk: Buffer, length: number, at: number): Promise<void> {
  for (let done = 0; done < length;) {
    const { bytesWritten } = await handle.write(chunk, done, length - done, at + done);
    if (bytesWritten <= 0) throw Object.assign(new Error('No space left on device'), { code: 'ENOSPC' });
    done += bytesWritten;
  }
}
