import { describe, expect, it } from 'vitest';
import { mimetypeFor } from './files.rules.js';

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
