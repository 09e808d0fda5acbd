import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { FormDataParser } from './form-data.js';
import { BOUNDARY, CONTENT_TYPE, field, filePart, form, parseWhole } from './form-data.test-support.js';

describe('FormDataParser limits and malformed bodies', () => {
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
});
