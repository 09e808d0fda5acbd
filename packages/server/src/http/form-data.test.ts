import { describe, expect, it } from 'vitest';
import { BOUNDARY, field, filePart, form, parse, parseWhole } from './form-data.test-support.js';

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
});
