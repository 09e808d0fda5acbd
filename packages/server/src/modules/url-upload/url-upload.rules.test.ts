import { describe, expect, it } from 'vitest';
import { filenameFromDisposition } from './url-upload.rules.js';

describe('filenameFromDisposition', () => {
  it('reads the name a source gives, RFC 5987 first', () => {
    expect(filenameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`)).toBe(
      '报告.pdf',
    );
    expect(filenameFromDisposition('inline; filename="notes.txt"')).toBe('notes.txt');
  });

  it('decodes a name sent as raw UTF-8 bytes (Node reads header bytes as latin1)', () => {
    expect(filenameFromDisposition(Buffer.from('attachment; filename="报告.pdf"', 'utf8').toString('latin1'))).toBe(
      '报告.pdf',
    );
  });

  it('lets a trailing semicolon pass, and gives nothing for no header or a malformed one', () => {
    expect(filenameFromDisposition('attachment; filename="a.pdf";')).toBe('a.pdf');
    expect(filenameFromDisposition(undefined)).toBeUndefined();
    expect(filenameFromDisposition('attachment; filename=two words.pdf')).toBeUndefined();
  });
});
