import { describe, expect, it } from 'vitest';
import { MAX_VIRTUAL_PATH_LENGTH, parseVirtualPath, type PathError } from './paths.js';

const refused = (input: string, encoded = false): PathError | null => {
  const result = parseVirtualPath(input, { encoded });
  return result.ok ? null : result.reason;
};

describe('parseVirtualPath: the one normalisation of mount-tree paths', () => {
  it('keeps plain paths and drops repeated slashes, `.` segments and the trailing slash', () => {
    expect(parseVirtualPath('/')).toEqual({ ok: true, path: '/' });
    expect(parseVirtualPath('//photos///2024/./a.jpg/')).toEqual({ ok: true, path: '/photos/2024/a.jpg' });
    expect(parseVirtualPath('/照片/二〇二四')).toEqual({ ok: true, path: '/照片/二〇二四' });
    expect(parseVirtualPath('/a/..b/c..')).toEqual({ ok: true, path: '/a/..b/c..' });
  });

  it('decodes an encoded path exactly once, and never decodes a decoded one', () => {
    expect(parseVirtualPath('/a%20b/%E7%85%A7', { encoded: true })).toEqual({ ok: true, path: '/a b/照' });
    expect(parseVirtualPath('/100%', { encoded: false })).toEqual({ ok: true, path: '/100%' });
    expect(refused('/100%', true)).toBe('ENCODING');
    expect(refused('/%E7%85', true)).toBe('ENCODING');
  });

  it.each([
    ['/a/../b', false],
    ['/..', false],
    ['/a/..', false],
    ['/a/%2e%2e/b', true],
    ['/a/%2E%2e/b', true],
    ['/a/.%2e/b', true],
    // Still encoded after the one decoding: refused, never decoded a second time.
    ['/a/%2e%2e/b', false],
    ['/a/%252e%252e/b', true],
    ['/a/%252e%252e/b', false],
    ['/a%2fb', false],
    ['/a/%252f..', true],
    // Unicode look-alikes of dot segments.
    ['/a/\u2024\u2024/b', false],
    ['/a/\u2025/b', false],
    ['/a/\uFF0E\uFF0E/b', false],
    ['/a/%EF%BC%8E%EF%BC%8E/b', true],
    ['/a/\uFE52\uFE52', false],
    ['/a/\uFF0E', false],
  ])('refuses the dot segment in %j (encoded: %s)', (input, encoded) => {
    expect(refused(input, encoded)).toBe('DOT_SEGMENT');
  });

  it('refuses backslashes, NUL and control characters, raw or encoded', () => {
    expect(refused('/a\\b')).toBe('BACKSLASH');
    expect(refused('/a/%5c..%5cb', true)).toBe('BACKSLASH');
    expect(refused('/a/..\\b')).toBe('BACKSLASH');
    expect(refused('/a\0b')).toBe('NUL');
    expect(refused('/a%00b', true)).toBe('NUL');
    expect(refused('/a%2500b', true)).toBe('DOT_SEGMENT');
    expect(refused('/a\nb')).toBe('CONTROL');
    expect(refused('/a%0d%0ab', true)).toBe('CONTROL');
    expect(refused('/a\u007fb')).toBe('CONTROL');
    expect(refused('/a\u0085b')).toBe('CONTROL');
    expect(refused('/a\tb')).toBe('CONTROL');
  });

  it('refuses empty, relative and overlong paths (> 2048 characters after decoding)', () => {
    expect(refused('')).toBe('EMPTY');
    expect(refused('a/b')).toBe('NOT_ABSOLUTE');
    expect(refused('%2Fa', false)).toBe('NOT_ABSOLUTE');
    const longest = '/' + 'a'.repeat(MAX_VIRTUAL_PATH_LENGTH - 1);
    expect(parseVirtualPath(longest)).toEqual({ ok: true, path: longest });
    expect(refused(longest + 'a')).toBe('VIRTUAL_TOO_LONG');
    // 2048 encoded characters decode to far fewer: the limit counts the decoded path.
    expect(parseVirtualPath('/' + '%41'.repeat(1000), { encoded: true })).toMatchObject({ ok: true });
    expect(refused('/' + '%41'.repeat(MAX_VIRTUAL_PATH_LENGTH), true)).toBe('VIRTUAL_TOO_LONG');
    expect(refused('/' + 'a'.repeat(10 * MAX_VIRTUAL_PATH_LENGTH), true)).toBe('VIRTUAL_TOO_LONG');
  });

  it('is idempotent and never yields an empty, `.` or `..` segment (property check)', () => {
    const alphabet = ['a', '.', '..', '', '%2e', '%252e', '\u2024', '\uFF0E', '照', ' ', '%', '%41', '\\', '~'];
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 3000; i++) {
      const parts = Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]);
      const input = '/' + parts.join('/');
      for (const encoded of [false, true]) {
        const once = parseVirtualPath(input, { encoded });
        if (!once.ok) continue;
        const segments = once.path.split('/').slice(1);
        if (once.path !== '/') expect(segments.every((s) => s !== '' && s !== '.' && s !== '..')).toBe(true);
        expect(segments.some((s) => /%2e|%2f|%5c|%00|\\/i.test(s))).toBe(false);
        expect(parseVirtualPath(once.path)).toEqual(once);
      }
    }
  });
});
