import { describe, expect, it } from 'vitest';
import { headerText, parseContentDisposition, parseContentType } from './header-params.js';

/** A header value as Node hands it over: each byte of the UTF-8 text as one latin1 character. */
const asRead = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('parseContentType', () => {
  it('lower-cases the type and reads token and quoted parameters', () => {
    const parsed = parseContentType('Multipart/Form-Data; Boundary="a b"; charset=utf-8');
    expect(parsed?.type).toBe('multipart/form-data');
    expect(Object.fromEntries(parsed?.params ?? [])).toEqual({ boundary: 'a b', charset: 'utf-8' });
  });

  it('gives null for a value that is not type/subtype or has a broken parameter', () => {
    expect(parseContentType('text')).toBeNull();
    expect(parseContentType('text/plain; charset')).toBeNull();
  });
});

describe('parseContentDisposition', () => {
  it('reads the type, name and filename', () => {
    expect(parseContentDisposition('form-data; name="file"; filename="a.txt"')).toEqual({
      type: 'form-data',
      name: 'file',
      filename: 'a.txt',
    });
    expect(parseContentDisposition('Attachment; filename=report.pdf')).toEqual({
      type: 'attachment',
      name: undefined,
      filename: 'report.pdf',
    });
  });

  it('prefers filename* and decodes its charset', () => {
    expect(
      parseContentDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`)?.filename,
    ).toBe('报告.pdf');
    expect(parseContentDisposition(`attachment; filename*=ISO-8859-1''caf%E9.txt`)?.filename).toBe('café.txt');
  });

  it('decodes a plain filename sent as raw UTF-8 bytes', () => {
    expect(parseContentDisposition(asRead('attachment; filename="报告 2026.pdf"'))?.filename).toBe('报告 2026.pdf');
  });

  it('unescapes quoted strings', () => {
    expect(parseContentDisposition('attachment; filename="say \\"hi\\".txt"')?.filename).toBe('say "hi".txt');
  });

  it('counts an empty filename as none, and gives null for a malformed value', () => {
    expect(parseContentDisposition('attachment; filename=""')?.filename).toBeUndefined();
    expect(parseContentDisposition('attachment; filename=two words.pdf')).toBeNull();
    expect(parseContentDisposition('attachment; filename=a.pdf;')).toBeNull();
  });
});

describe('headerText', () => {
  it('reads the bytes of a header as UTF-8 when they are, and leaves anything else as it came', () => {
    expect(headerText(asRead('密码 123'))).toBe('密码 123');
    expect(headerText(asRead('crème brûlée'))).toBe('crème brûlée');
    expect(headerText('plain ascii')).toBe('plain ascii');
    // latin1 bytes that are no UTF-8 (an old client's "café"): kept, not replaced by U+FFFD.
    expect(headerText('caf\xe9')).toBe('caf\xe9');
    expect(headerText(undefined)).toBeUndefined();
  });
});
