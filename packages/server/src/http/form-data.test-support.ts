import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FormDataParser } from './form-data.js';
import type { FormDataOptions } from './form-data-limits.js';

/** Bodies and a recording parse for the form-data parser tests (form-data*.test.ts). */
export const BOUNDARY = '----driftbox7MA4YWxkTrZu0gW';
export const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
export const MiB = 1024 * 1024;

export interface Part {
  headers: string[];
  data?: string | Buffer;
}

export const field = (name: string, value: string): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  data: value,
});
export const filePart = (
  name: string,
  filename: string,
  data: string | Buffer,
  type = 'application/octet-stream',
): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
  data,
});

/** A well-formed body: optional preamble, the parts, the closing boundary, optional epilogue. */
export function form(parts: Part[], extra: { preamble?: string; epilogue?: string; boundary?: string } = {}): Buffer {
  const boundary = extra.boundary ?? BOUNDARY;
  const pieces: Buffer[] = [];
  if (extra.preamble) pieces.push(Buffer.from(`${extra.preamble}\r\n`));
  for (const { headers, data = '' } of parts) {
    pieces.push(
      Buffer.from(`--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n`),
      Buffer.from(data),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--${extra.epilogue ?? ''}`));
  return Buffer.concat(pieces);
}

export interface Parsed {
  fields: { name: string; value: string; truncated: boolean }[];
  files: { name: string; filename: string | undefined; mimeType: string; data: string }[];
  error: string | null;
}

/** Everything a parser emits for `chunks` written one by one; file data as UTF-8, or the stream's error. */
export async function parse(
  chunks: Buffer[],
  contentType = CONTENT_TYPE,
  options: FormDataOptions = {},
): Promise<Parsed> {
  const parser = new FormDataParser(contentType, options);
  const result: Parsed = { fields: [], files: [], error: null };
  const reads: Promise<void>[] = [];
  parser.on('field', (name, value, info) => result.fields.push({ name, value, truncated: info.valueTruncated }));
  parser.on('file', (name, stream, info) => {
    const file = { name, ...info, data: '' };
    result.files.push(file);
    const read = async () => {
      try {
        for await (const chunk of stream) file.data += (chunk as Buffer).toString('utf8');
      } catch (err) {
        file.data = `error: ${(err as Error).message}`;
      }
    };
    reads.push(read());
  });
  try {
    await pipeline(Readable.from(chunks), parser);
  } catch (err) {
    result.error = (err as Error).message;
  }
  await Promise.all(reads);
  return result;
}

export const parseWhole = (body: Buffer | string, contentType?: string, options?: FormDataOptions) =>
  parse([Buffer.from(body)], contentType, options);

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failing chunking can be replayed. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const tick = () => new Promise((resolve) => setImmediate(resolve));
