import { Readable } from 'node:stream';
import { crc32Update } from './crc32.js';
import { centralRecord, dataDescriptor, directoryEnd, localHeader, MAX_16, MAX_32 } from './zip-records.js';

/** An opened file: its exact length and its bytes. */
export interface ZipFileBody {
  size: number;
  body: Readable;
}

/** One entry of an archive: a folder, or a file opened only when the writer reaches it. */
export type ZipEntry =
  | { kind: 'dir'; name: string; modified: Date }
  | {
      kind: 'file';
      name: string;
      modified: Date;
      /** Opens the file's bytes; null when it is gone since it was listed (the entry is then left out). */
      open(): Promise<ZipFileBody | null>;
    };

export interface ZipOptions {
  /**
   * Where the ZIP64 forms start. The format's own limits (0xFFFFFFFF bytes, 0xFFFF entries) unless a
   * test lowers them to check the ZIP64 structures without writing 4 GiB.
   */
  zip64Limits?: { bytes: number; entries: number };
}

/** The central directory goes out in chunks of about this many bytes. */
const DIRECTORY_CHUNK = 64 * 1024;

/**
 * Writes a ZIP archive of `entries` as a stream of chunks (stored, no compression: what an archive of
 * already-compressed media gains from deflate rarely pays for the CPU). Each file goes out as a local
 * header, its bytes with the CRC-32 computed on the way, and a data descriptor; the central directory
 * and end records follow the last entry. Memory holds one chunk of data and the central directory
 * (about 50 bytes plus the name per entry), whatever the sizes. The consumer pulls: nothing is read
 * from a source faster than the archive is read, and ending the iteration early (client gone) closes
 * the open file body and stops the walk of `entries`.
 */
export async function* zipChunks(entries: AsyncIterable<ZipEntry>, options: ZipOptions = {}): AsyncGenerator<Buffer> {
  const byteLimit = options.zip64Limits?.bytes ?? MAX_32;
  const countLimit = options.zip64Limits?.entries ?? MAX_16;
  const central: Buffer[] = [];
  let offset = 0;

  for await (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    if (name.length === 0 || name.length > MAX_16) throw new Error(`Unusable ZIP entry name "${entry.name}"`);
    if (entry.kind === 'dir') {
      const header = localHeader(name, entry.modified, false);
      const descriptor = dataDescriptor(0, 0, false);
      yield Buffer.concat([header, descriptor]);
      central.push(
        centralRecord(
          { name, isDir: true, modified: entry.modified, crc: 0, size: 0, offset, zip64: false },
          byteLimit,
        ),
      );
      offset += header.length + descriptor.length;
      continue;
    }
    const opened = await entry.open();
    if (!opened) continue;
    try {
      const zip64 = opened.size >= byteLimit;
      const header = localHeader(name, entry.modified, zip64);
      yield header;
      let crc = 0;
      let size = 0;
      for await (const chunk of opened.body as AsyncIterable<Buffer>) {
        crc = crc32Update(crc, chunk);
        size += chunk.length;
        yield chunk;
      }
      // A body of another length than announced (the object changed while read) would make the entry lie.
      if (size !== opened.size) throw new Error(`ZIP entry "${entry.name}" had ${size} bytes, not ${opened.size}`);
      const descriptor = dataDescriptor(crc, size, zip64);
      yield descriptor;
      central.push(
        centralRecord({ name, isDir: false, modified: entry.modified, crc, size, offset, zip64 }, byteLimit),
      );
      offset += header.length + size + descriptor.length;
    } finally {
      opened.body.destroy();
    }
  }

  const directoryOffset = offset;
  let directorySize = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  for (const record of central) {
    batch.push(record);
    batchBytes += record.length;
    directorySize += record.length;
    if (batchBytes >= DIRECTORY_CHUNK) {
      yield Buffer.concat(batch);
      batch = [];
      batchBytes = 0;
    }
  }
  batch.push(
    directoryEnd({ count: central.length, size: directorySize, offset: directoryOffset }, byteLimit, countLimit),
  );
  yield Buffer.concat(batch);
}

/** The archive as a byte stream (a Node Readable pulling `zipChunks`). */
export function zipStream(entries: AsyncIterable<ZipEntry>, options: ZipOptions = {}): Readable {
  return Readable.from(zipChunks(entries, options), { objectMode: false });
}
