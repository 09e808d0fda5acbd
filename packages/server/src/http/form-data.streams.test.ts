import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FormDataParser } from './form-data.js';
import { CONTENT_TYPE, MiB, field, filePart, form, seededRandom, tick } from './form-data.test-support.js';

describe('FormDataParser streaming', () => {
  it('streams a 64 MiB file of random bytes in random-size writes unchanged', async () => {
    const data = randomBytes(64 * MiB);
    const body = form([field('before', 'x'), filePart('file', 'random.bin', data), field('after', 'y')]);
    const random = seededRandom(20240601);
    const chunks: Buffer[] = [];
    for (let at = 0; at < body.length;) {
      // Mostly small writes, some large: every kind of split of the delimiter and the data.
      const size = 1 + Math.floor(random() ** 3 * 256 * 1024);
      chunks.push(body.subarray(at, at + size));
      at += size;
    }
    const parser = new FormDataParser(CONTENT_TYPE, { fileHighWaterMark: 4 * MiB });
    const fields: string[] = [];
    let digest: Promise<string> | null = null;
    parser.on('field', (name, value) => fields.push(`${name}=${value}`));
    parser.on('file', (_name, stream) => {
      const hash = createHash('sha256');
      digest = pipeline(stream, hash).then(() => hash.digest('hex'));
    });
    await pipeline(Readable.from(chunks), parser);
    expect(await digest).toBe(createHash('sha256').update(data).digest('hex'));
    expect(fields).toEqual(['before=x', 'after=y']);
  });

  it('hands file data on as views of the written chunks, not copies', async () => {
    const body = form([filePart('file', 'f', Buffer.alloc(64 * 1024, 7))]);
    const parser = new FormDataParser(CONTENT_TYPE);
    const seen: Buffer[] = [];
    parser.on('file', (_name, stream) => stream.on('data', (chunk: Buffer) => seen.push(chunk)));
    parser.end(body);
    await once(parser, 'close');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.buffer).toBe(body.buffer);
  });

  it('holds write callbacks while a file consumer does not read, and resumes when it does', async () => {
    const parser = new FormDataParser(CONTENT_TYPE, { fileHighWaterMark: 1024 });
    const files: Readable[] = [];
    parser.on('file', (_name, stream) => files.push(stream));
    const body = form([filePart('file', 'f', 'z'.repeat(8 * 1024))]);
    let written = 0;
    parser.write(body.subarray(0, 4096), () => (written += 1));
    parser.write(body.subarray(4096), () => (written += 1));
    parser.end();
    await tick();
    expect(written).toBe(0);
    let received = 0;
    files[0]?.on('data', (chunk: Buffer) => (received += chunk.length));
    await once(parser, 'close');
    expect(written).toBe(2);
    expect(received).toBe(8 * 1024);
  });

  it('discards the rest of a part whose consumer destroyed the stream, and still closes', async () => {
    const parser = new FormDataParser(CONTENT_TYPE, { fileHighWaterMark: 1024 });
    const fields: string[] = [];
    parser.on('field', (name, value) => fields.push(`${name}=${value}`));
    parser.on('file', (_name, stream) => stream.destroy());
    parser.end(form([filePart('file', 'f', 'z'.repeat(64 * 1024)), field('after', 'kept')]));
    await once(parser, 'close');
    expect(fields).toEqual(['after=kept']);
  });
});
