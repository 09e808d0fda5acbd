/**
 * The byte layouts of a ZIP archive (APPNOTE.TXT 6.3.x) the streaming writer emits: local headers with
 * a data descriptor (general purpose bit 3: sizes and CRC follow the data), central directory records,
 * and the end records, with the ZIP64 forms (extra field 0x0001, ZIP64 end of central directory and its
 * locator) when a size, an offset or the entry count passes what 32 (16) bits hold.
 */

/** Bit 3: CRC and sizes are in the data descriptor; bit 11: the name is UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const STORED = 0;
const VERSION_20 = 20;
const VERSION_ZIP64 = 45;
/** Made by: Unix (3), so the external attributes carry Unix modes. */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100644;
const DIR_MODE = 0o040755;
/** MS-DOS directory attribute, for readers that ignore the Unix mode. */
const DOS_DIR = 0x10;
export const MAX_32 = 0xffffffff;
export const MAX_16 = 0xffff;

/** What the central directory keeps of one entry once its data has been written. */
export interface EntryRecord {
  name: Buffer;
  isDir: boolean;
  modified: Date;
  crc: number;
  size: number;
  offset: number;
  /** The local header used the ZIP64 form (its sizes are in the extra field and an 8-byte descriptor). */
  zip64: boolean;
}

/** MS-DOS time and date (2-second resolution, UTC, clamped to 1980–2107). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getUTCFullYear(), 1980), 2107);
  if (year !== date.getUTCFullYear()) return { time: 0, date: ((year - 1980) << 9) | (1 << 5) | 1 };
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** The local file header; with `zip64`, sizes are 0xFFFFFFFF and a zero ZIP64 extra field reserves their place. */
export function localHeader(name: Buffer, modified: Date, zip64: boolean): Buffer {
  const extra = zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
  const header = Buffer.alloc(30);
  const dos = dosDateTime(modified);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(STORED, 8);
  header.writeUInt16LE(dos.time, 10);
  header.writeUInt16LE(dos.date, 12);
  // CRC 0 (in the descriptor); sizes 0, or the ZIP64 marker.
  header.writeUInt32LE(0, 14);
  header.writeUInt32LE(zip64 ? MAX_32 : 0, 18);
  header.writeUInt32LE(zip64 ? MAX_32 : 0, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  return Buffer.concat([header, name, extra]);
}

/** The data descriptor after an entry's data: 4-byte sizes, or 8-byte ones for a ZIP64 entry. */
export function dataDescriptor(crc: number, size: number, zip64: boolean): Buffer {
  const out = Buffer.alloc(zip64 ? 24 : 16);
  out.writeUInt32LE(0x08074b50, 0);
  out.writeUInt32LE(crc, 4);
  if (zip64) {
    out.writeBigUInt64LE(BigInt(size), 8);
    out.writeBigUInt64LE(BigInt(size), 16);
  } else {
    out.writeUInt32LE(size, 8);
    out.writeUInt32LE(size, 12);
  }
  return out;
}

/** A ZIP64 extended information extra field holding `values` (8 bytes each, in the order the spec fixes). */
function zip64Extra(values: number[]): Buffer {
  const out = Buffer.alloc(4 + 8 * values.length);
  out.writeUInt16LE(0x0001, 0);
  out.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => out.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return out;
}

/**
 * One central directory record. Each field that does not fit in 32 bits (or, in tests, passes the
 * lowered `limit`) is written as 0xFFFFFFFF and carried in the ZIP64 extra field instead.
 */
export function centralRecord(entry: EntryRecord, limit: number): Buffer {
  const bigSizes = entry.zip64 || entry.size >= limit;
  const bigOffset = entry.offset >= limit;
  const values = [...(bigSizes ? [entry.size, entry.size] : []), ...(bigOffset ? [entry.offset] : [])];
  const extra = values.length > 0 ? zip64Extra(values) : Buffer.alloc(0);
  const needsZip64 = entry.zip64 || values.length > 0;
  const dos = dosDateTime(entry.modified);
  const record = Buffer.alloc(46);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(needsZip64 ? VERSION_ZIP64 : VERSION_20, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(STORED, 10);
  record.writeUInt16LE(dos.time, 12);
  record.writeUInt16LE(dos.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(bigSizes ? MAX_32 : entry.size, 20);
  record.writeUInt32LE(bigSizes ? MAX_32 : entry.size, 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(extra.length, 30);
  // Comment length, disk number start, internal attributes: 0.
  const mode = entry.isDir ? DIR_MODE : FILE_MODE;
  record.writeUInt32LE(((mode << 16) | (entry.isDir ? DOS_DIR : 0)) >>> 0, 38);
  record.writeUInt32LE(bigOffset ? MAX_32 : entry.offset, 42);
  return Buffer.concat([record, entry.name, extra]);
}

export interface DirectoryEnd {
  count: number;
  /** Bytes of the central directory, and where it starts. */
  size: number;
  offset: number;
}

/**
 * The end of the archive: the ZIP64 end of central directory record and its locator when the count,
 * the directory's size or offset pass the limits (`byteLimit`/`countLimit`, lowered in tests), then the
 * classic end record (with 0xFFFF/0xFFFFFFFF markers where the ZIP64 record holds the value).
 */
export function directoryEnd(end: DirectoryEnd, byteLimit: number, countLimit: number): Buffer {
  const bigCount = end.count >= countLimit;
  const bigSize = end.size >= byteLimit;
  const bigOffset = end.offset >= byteLimit;
  const parts: Buffer[] = [];
  if (bigCount || bigSize || bigOffset) {
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(MADE_BY, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    // This disk and the directory's disk: 0.
    record.writeBigUInt64LE(BigInt(end.count), 24);
    record.writeBigUInt64LE(BigInt(end.count), 32);
    record.writeBigUInt64LE(BigInt(end.size), 40);
    record.writeBigUInt64LE(BigInt(end.offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(end.offset + end.size), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(record, locator);
  }
  const classic = Buffer.alloc(22);
  classic.writeUInt32LE(0x06054b50, 0);
  classic.writeUInt16LE(bigCount ? MAX_16 : end.count, 8);
  classic.writeUInt16LE(bigCount ? MAX_16 : end.count, 10);
  classic.writeUInt32LE(bigSize ? MAX_32 : end.size, 12);
  classic.writeUInt32LE(bigOffset ? MAX_32 : end.offset, 16);
  parts.push(classic);
  return Buffer.concat(parts);
}
