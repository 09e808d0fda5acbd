import { describe, expect, it } from 'vitest';
import { assertValidKey } from '../../storage/keys.js';
import { mimetypeFor, objectKeyFor } from './files.rules.js';

describe('mimetypeFor', () => {
  it('stores markdown as text/markdown whatever was declared', () => {
    expect(mimetypeFor('notes.MD', 'application/octet-stream')).toBe('text/markdown');
  });

  it('keeps a meaningful declared type', () => {
    expect(mimetypeFor('photo.bin', 'image/png')).toBe('image/png');
  });

  it('guesses from the extension when the client named nothing useful (curl, scripts)', () => {
    expect(mimetypeFor('greet.py', undefined)).toBe('text/x-python');
    expect(mimetypeFor('config.yml', 'application/x-www-form-urlencoded')).toBe('application/yaml');
    expect(mimetypeFor('report.pdf', 'application/octet-stream')).toBe('application/pdf');
  });

  it('falls back to octet-stream for unknown extensions and names without one', () => {
    expect(mimetypeFor('blob.xyz', undefined)).toBe('application/octet-stream');
    expect(mimetypeFor('README', undefined)).toBe('application/octet-stream');
  });
});

describe('objectKeyFor', () => {
  const parts = { folder: 'shares', path: 'a/b', strategy: 'random_suffix', suffix: () => 'x1y2z3' };

  it('folder / path / name with the suffix before the extension', () => {
    expect(objectKeyFor({ ...parts, filename: 'report.pdf' })).toBe('shares/a/b/report-x1y2z3.pdf');
    expect(objectKeyFor({ ...parts, filename: 'report.pdf', strategy: 'overwrite', folder: '', path: undefined })).toBe(
      'report.pdf',
    );
  });

  it('cuts long names from the front by whole characters, keeping suffix and extension', () => {
    const key = objectKeyFor({ ...parts, folder: '', path: undefined, filename: `${'😀'.repeat(80)}ab.txt` });
    expect(Buffer.byteLength(key, 'utf8')).toBeLessThanOrEqual(200);
    expect(key.endsWith('ab-x1y2z3.txt')).toBe(true);
    // No half of a surrogate pair left behind: the key survives a UTF-8 round trip unchanged.
    expect(Buffer.from(key, 'utf8').toString('utf8')).toBe(key);
  });

  it('a name holding what reads as an encoded dot or slash (Report%2FQ1.pdf) still makes a valid key', () => {
    const key = objectKeyFor({ ...parts, filename: 'Report%2FQ1 %2e%5C%00 100%.pdf' });
    expect(key).toBe('shares/a/b/Report_2FQ1 _2e_5C_00 100%-x1y2z3.pdf');
    expect(() => assertValidKey(key)).not.toThrow();
  });
});
