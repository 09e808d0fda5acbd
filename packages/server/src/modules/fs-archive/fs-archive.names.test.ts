import { describe, expect, it } from 'vitest';
import { archiveFileName, folderNames, safeSegment } from './fs-archive.names.js';

describe('archive entry names', () => {
  it.each([
    ['report.txt', 'report.txt'],
    ['..', '_'],
    ['.', '_'],
    ['', '_'],
    ['a\\..\\b', 'a_.._b'],
    ['bell\u0007\u0000', 'bell__'],
    ['报告 2024', '报告 2024'],
  ])('%j becomes the segment %j', (name, safe) => {
    expect(safeSegment(name)).toBe(safe);
  });

  it('numbers a second item of the same name (any letter case) before its extension', () => {
    const names = folderNames();
    expect(
      ['top.txt', 'top.txt', 'TOP.txt', 'docs', 'docs', '.env', '.env'].map((n, i) =>
        names.unique(n, i === 3 || i === 4),
      ),
    ).toEqual(['top.txt', 'top (2).txt', 'TOP (3).txt', 'docs', 'docs (2)', '.env', '.env (2)']);
    // Names that only became equal once made safe are told apart too.
    const other = folderNames();
    expect([other.unique('..', true), other.unique('.', true)]).toEqual(['_', '_ (2)']);
  });

  it('names the download', () => {
    expect(archiveFileName(undefined, ['docs'])).toBe('docs.zip');
    expect(archiveFileName(undefined, ['a', 'b'])).toBe('download.zip');
    expect(archiveFileName('basket.ZIP', ['a'])).toBe('basket.ZIP');
    expect(archiveFileName('basket', [])).toBe('basket.zip');
  });
});
