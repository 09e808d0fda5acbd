import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FormDataParser, type FormDataOptions } from './form-data.js';

const BOUNDARY = '----driftbox7MA4YWxkTrZu0gW';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
const MiB = 1024 * 1024;

interface Part {
  headers: string[];
  data?: string | Buffer;
}

const field = (name: string, value: string): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"`],
  data: value,
});
const filePart = (name: string, filename: string, data: string | Buffer, type = 'application/octet-stream'): Part => ({
  headers: [`Content-Disposition: form-data; name="${name}"; filename="${filename}"`, `Content-Type: ${type}`],
  data,
});

/** A well-formed body: optional preamble, the parts, the closing boundary, optional epilogue. */
function form(parts: Part[], extra: { preamble?: string; epilogue?: string; boundary?: string } = {}): Buffer {
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

interface Parsed {
  fields: { name: string; value: string; truncated: boolean }[];
  files: { name: string; filename: string | undefined; mimeType: string; data: string }[];
  error: string | null;
}

/** Everything a parser emits for `chunks` written one by one; file data as UTF-8, or the stream's error. */
async function parse(chunks: Buffer[], contentType = CONTENT_TYPE, options: FormDataOptions = {}): Promise<Parsed> {
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

const parseWhole = (body: Buffer | string, contentType?: string, options?: FormDataOptions) =>
  parse([Buffer.from(body)], contentType, options);

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so a failing chunking can be replayed. */
function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('FormDataParser', () => {
  it('emits fields and files in order, ignoring the preamble and the epilogue', async () => {
    const body = form(
      [field('slug', 'greeting'), filePart('file', 'hello.txt', 'hello world', 'text/plain'), field('remark', 'hi')],
      {
        preamble: 'This is a multi-part message.',
        epilogue: '\r\nThat was all.',
      },
    );
    expect(await parseWhole(body)).toEqual({
      fields: [
        { name: 'slug', value: 'greeting', truncated: false },
        { name: 'remark', value: 'hi', truncated: false },
      ],
      files: [{ name: 'file', filename: 'hello.txt', mimeType: 'text/plain', data: 'hello world' }],
      error: null,
    });
  });

  it('gives the same result however the body is split into writes', async () => {
    const body = form(
      [
        field('a', 'one'),
        filePart('file', 'x.bin', `\r\n--${BOUNDARY.slice(0, -1)}!\r\r\n-\r\n.--${BOUNDARY}--`),
        field('b', 'two\r\n'),
      ],
      { preamble: 'pre', epilogue: '\r\npost' },
    );
    const whole = await parseWhole(body);
    expect(whole.error).toBeNull();
    expect(whole.files).toHaveLength(1);
    for (let at = 0; at <= body.length; at += 1) {
      expect(await parse([body.subarray(0, at), body.subarray(at)]), `split at ${at}`).toEqual(whole);
    }
    const bytes = Array.from({ length: body.length }, (_, i) => body.subarray(i, i + 1));
    expect(await parse(bytes)).toEqual(whole);
  });

  it('keeps boundary-like bytes that are not a delimiter as data', async () => {
    const lookalikes = [
      `\r\n--${BOUNDARY.slice(0, -1)}`, // the delimiter minus its last byte, then other bytes
      `.--${BOUNDARY}\r\n`, // the boundary without the CRLF before it
      `\n--${BOUNDARY}`, // a bare LF is not a line break here
      `\r\r\n-\r\n--\r\n`,
    ];
    for (const data of lookalikes) {
      const content = `${data}tail`;
      expect((await parseWhole(form([filePart('file', 'f', content)]))).files[0]?.data).toBe(content);
      expect((await parseWhole(form([field('note', content)]))).fields[0]?.value).toBe(content);
    }
    const ending = `ends with\r\n--${BOUNDARY.slice(0, 5)}`;
    expect((await parseWhole(form([filePart('file', 'f', ending)]))).files[0]?.data).toBe(ending);
  });

  it('requires CRLF line breaks as busboy does: an LF-only body is an unexpected end', async () => {
    const lfOnly = form([field('a', '1'), filePart('file', 'f', 'x')])
      .toString()
      .replaceAll('\r\n', '\n');
    expect(await parseWhole(lfOnly)).toEqual({ fields: [], files: [], error: 'Unexpected end of form' });
  });

  it('accepts a quoted boundary, any letter case in the type, and padding after a boundary', async () => {
    const quoted = 'a b:c?';
    const body = form([field('a', '1')], { boundary: quoted });
    expect((await parseWhole(body, `Multipart/Form-Data; charset=utf-8; BOUNDARY="${quoted}"`)).fields).toEqual([
      { name: 'a', value: '1', truncated: false },
    ]);
    const padded = Buffer.from(
      `--${BOUNDARY} \t\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--${BOUNDARY}--`,
    );
    expect((await parseWhole(padded)).fields).toEqual([{ name: 'a', value: '1', truncated: false }]);
  });

  it('ends an empty part at a delimiter right after its headers (RFC 2046: the CRLF before data is optional)', async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="empty"\r\n\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="b"\r\n\r\n2\r\n--${BOUNDARY}--`;
    expect((await parseWhole(body)).fields).toEqual([
      { name: 'empty', value: '', truncated: false },
      { name: 'b', value: '2', truncated: false },
    ]);
  });

  it('reads Content-Disposition parameters: quoting, escapes, filename* over filename, UTF-8', async () => {
    const body = form([
      {
        headers: [
          'content-disposition: FORM-DATA; NAME="file"; filename*=UTF-8\'\'%E4%B8%AD%E6%96%87%20r%C3%A9sum%C3%A9.txt; filename="plain.txt"',
        ],
        data: 'a',
      },
      {
        headers: ['Content-Disposition: form-data; name="second"; filename="C:\\\\Users\\\\me\\\\photo \\"1\\".png"'],
        data: 'b',
      },
      { headers: ['Content-Disposition: form-data; name="third"; filename="docs/übersicht.pdf"'], data: 'c' },
      field('名前', 'значение ✓'),
      { headers: ['Content-Disposition: form-data; name=unquoted', '\t; folded=1'], data: 'd' },
    ]);
    expect(await parseWhole(body)).toEqual({
      fields: [
        { name: '名前', value: 'значение ✓', truncated: false },
        { name: 'unquoted', value: 'd', truncated: false },
      ],
      files: [
        { name: 'file', filename: '中文 résumé.txt', mimeType: 'text/plain', data: 'a' },
        { name: 'second', filename: 'photo "1".png', mimeType: 'text/plain', data: 'b' },
        { name: 'third', filename: 'übersicht.pdf', mimeType: 'text/plain', data: 'c' },
      ],
      error: null,
    });
  });

  it('tells files from fields as busboy does: a filename, or an octet-stream type', async () => {
    const body = form([
      {
        headers: ['Content-Disposition: form-data; name="blob"', 'Content-Type: Application/Octet-Stream; x=1'],
        data: 'bytes',
      },
      { headers: ['Content-Disposition: form-data; name="empty"; filename=""'], data: 'text' },
      { headers: ['Content-Disposition: attachment; name="other"'], data: 'skipped' },
      { headers: ['Content-Type: text/plain'], data: 'no disposition, skipped' },
      {
        headers: ['Content-Disposition: form-data; name="bad"; filename*=utf-8\'\'%zz'],
        data: 'malformed parameter, skipped',
      },
    ]);
    expect(await parseWhole(body)).toEqual({
      fields: [{ name: 'empty', value: 'text', truncated: false }],
      files: [{ name: 'blob', filename: undefined, mimeType: 'application/octet-stream', data: 'bytes' }],
      error: null,
    });
  });

  it('applies the limits: long values cut and flagged, fields and files past the count skipped', async () => {
    const body = form([
      field('exact', '12345'),
      field('long', 'ééé'),
      filePart('file', 'one.txt', 'first'),
      field('third', 'x'),
      filePart('file', 'two.txt', 'second'),
      field('fourth', 'y'),
    ]);
    expect(await parseWhole(body, CONTENT_TYPE, { limits: { fieldSize: 5, fields: 3, files: 1 } })).toEqual({
      fields: [
        { name: 'exact', value: '12345', truncated: false },
        { name: 'long', value: 'éé\uFFFD', truncated: true },
        { name: 'third', value: 'x', truncated: false },
      ],
      files: [{ name: 'file', filename: 'one.txt', mimeType: 'application/octet-stream', data: 'first' }],
      error: null,
    });
  });

  it('with longField "error", fails at a field too long instead of cutting it', async () => {
    const body = form([field('short', 'ok'), field('remark', 'x'.repeat(100)), filePart('file', 'f.txt', 'data')]);
    const parsed = await parseWhole(body, CONTENT_TYPE, { limits: { fieldSize: 10, longField: 'error' } });
    expect(parsed.fields).toEqual([{ name: 'short', value: 'ok', truncated: false }]);
    expect(parsed.files).toEqual([]);
    expect(parsed.error).toBe('Form field "remark" is too long');
  });

  it('counts what it reads only to drop (preamble, skipped parts, epilogue, discarded streams) and fails past discardedBytes', async () => {
    const limits = { files: 1, discardedBytes: 100 };
    const within = form([filePart('file', 'a', 'A'), filePart('extra', 'b', 'b'.repeat(40))], {
      preamble: 'p'.repeat(20),
      epilogue: 'e'.repeat(20),
    });
    expect((await parseWhole(within, CONTENT_TYPE, { limits })).error).toBeNull();
    for (const over of [
      form([filePart('file', 'a', 'A'), filePart('extra', 'b', 'b'.repeat(200))]),
      form([filePart('file', 'a', 'A')], { preamble: 'p'.repeat(200) }),
      form([filePart('file', 'a', 'A')], { epilogue: 'e'.repeat(200) }),
    ]) {
      expect((await parseWhole(over, CONTENT_TYPE, { limits })).error).toBe(
        'Too much of the form is neither the file nor its fields',
      );
    }
    // A file stream handed back to the parser is read through and counted the same way.
    const parser = new FormDataParser(CONTENT_TYPE, { limits: { discardedBytes: 100 } });
    parser.on('file', (_name, stream) => parser.discard(stream));
    const failed = once(parser, 'error');
    parser.end(form([filePart('unwanted', 'u', 'u'.repeat(500))]));
    expect(((await failed)[0] as Error).message).toBe('Too much of the form is neither the file nor its fields');
  });

  it('a discarded file stream cut by the limit, or by the body ending, fails the parse and never the process', async () => {
    const body = form([filePart('unwanted', 'u', 'u'.repeat(500)), filePart('file', 'f', 'F')]);
    for (const cut of [body, body.subarray(0, 300)]) {
      const parser = new FormDataParser(CONTENT_TYPE, { limits: { discardedBytes: 100 } });
      parser.on('file', (_name, stream) => parser.discard(stream));
      // Written in small pieces: the unwanted part is still open when the limit or the end comes.
      const pieces = Array.from({ length: Math.ceil(cut.length / 50) }, (_, i) => cut.subarray(i * 50, (i + 1) * 50));
      const failure = await pipeline(Readable.from(pieces), parser).then(
        () => null,
        (err: unknown) => (err as Error).message,
      );
      expect(failure).toMatch(/^(Too much of the form is neither the file nor its fields|Unexpected end of form)$/);
    }
  });

  it('fails with "Unexpected end of form" without a closing boundary, and so does the open file stream', async () => {
    const cut = form([field('a', '1'), filePart('file', 'f.bin', 'partial data')]).subarray(0, -(BOUNDARY.length + 6));
    expect(await parseWhole(cut)).toEqual({
      fields: [{ name: 'a', value: '1', truncated: false }],
      files: [
        {
          name: 'file',
          filename: 'f.bin',
          mimeType: 'application/octet-stream',
          data: 'error: Unexpected end of form',
        },
      ],
      error: 'Unexpected end of form',
    });
    expect((await parseWhole(`--${BOUNDARY}\r\nContent-Disposition: form-`)).error).toBe('Unexpected end of form');
    expect((await parseWhole('')).error).toBe('Unexpected end of form');
  });

  it('fails with "Malformed part header" for bad header lines, an empty block, or too much', async () => {
    const bad = [
      ['Content-Disposition form-data; name="a"'],
      [' Content-Disposition: form-data; name="a"'],
      ['Content Disposition: form-data; name="a"'],
      ['Content-Disposition: form-data; name="a"\nX: 1'],
      ['Content-Disposition: form-data; name="a\u0001"'],
      [],
      ['Content-Disposition: form-data; name="a"', `X-Big: ${'x'.repeat(16 * 1024)}`],
      ['Content-Disposition: form-data; name="a"', ...Array.from({ length: 20 }, (_, i) => `X-${i}: 1`)],
    ];
    for (const headers of bad) {
      expect((await parseWhole(form([{ headers, data: 'v' }]))).error, headers.join(' / ').slice(0, 80)).toBe(
        'Malformed part header',
      );
    }
  });

  it('refuses at construction a type that is not multipart/form-data or a bad boundary', () => {
    for (const type of [
      'text/plain',
      'multipart/mixed; boundary=x',
      'multipart/form-data',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'b'.repeat(71)}`,
      'multipart/form-data; boundary=x;',
      '',
    ]) {
      expect(() => new FormDataParser(type), type).toThrow();
    }
    expect(() => new FormDataParser(`multipart/form-data; boundary=${'b'.repeat(70)}`)).not.toThrow();
  });

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
