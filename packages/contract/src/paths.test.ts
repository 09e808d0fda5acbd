import { describe, expect, it } from 'vitest';
import { isAncestorOfBase, isPathWithinBase, MAX_PATH_LENGTH, normalizePath } from './paths.js';

describe('normalizePath', () => {
  it('collapses slashes and dot segments and drops the trailing slash', () => {
    expect(normalizePath('/')).toEqual({ ok: true, path: '/' });
    expect(normalizePath('//a///b/./c/')).toEqual({ ok: true, path: '/a/b/c' });
    expect(normalizePath('/照片/2024')).toEqual({ ok: true, path: '/照片/2024' });
  });

  it('refuses escapes and malformed input', () => {
    expect(normalizePath('/a/../b')).toEqual({ ok: false, reason: 'DOT_SEGMENT' });
    expect(normalizePath('/a/%2e%2e/b')).toEqual({ ok: false, reason: 'DOT_SEGMENT' });
    expect(normalizePath('/a/%2E%2e')).toEqual({ ok: false, reason: 'DOT_SEGMENT' });
    expect(normalizePath('/a%2fb')).toEqual({ ok: false, reason: 'DOT_SEGMENT' });
    expect(normalizePath('/a\\b')).toEqual({ ok: false, reason: 'BACKSLASH' });
    expect(normalizePath('/a\0b')).toEqual({ ok: false, reason: 'NUL' });
    expect(normalizePath('a/b')).toEqual({ ok: false, reason: 'NOT_ABSOLUTE' });
    expect(normalizePath('')).toEqual({ ok: false, reason: 'EMPTY' });
    expect(normalizePath('/' + 'a'.repeat(MAX_PATH_LENGTH))).toEqual({ ok: false, reason: 'TOO_LONG' });
  });

  it('is idempotent and never yields a dot-dot segment (property check)', () => {
    const alphabet = ['a', 'b', '.', '..', '', '%2e', 'é', ' '];
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let i = 0; i < 2000; i++) {
      const parts = Array.from({ length: next() % 6 }, () => alphabet[next() % alphabet.length]);
      const input = '/' + parts.join('/');
      const once = normalizePath(input);
      if (!once.ok) continue;
      expect(once.path.split('/')).not.toContain('..');
      expect(normalizePath(once.path)).toEqual(once);
    }
  });
});

describe('isPathWithinBase', () => {
  it('allows the base itself and everything below it', () => {
    expect(isPathWithinBase('/docs', '/docs')).toBe(true);
    expect(isPathWithinBase('/docs/', '/docs')).toBe(true);
    expect(isPathWithinBase('/docs/a/b.txt', '/docs/')).toBe(true);
    expect(isPathWithinBase('/anything', '/')).toBe(true);
  });

  it('refuses siblings sharing a prefix, parents and escapes', () => {
    expect(isPathWithinBase('/docs2', '/docs')).toBe(false);
    expect(isPathWithinBase('/', '/docs')).toBe(false);
    expect(isPathWithinBase('/docs/../etc', '/docs')).toBe(false);
    expect(isPathWithinBase('/docs/%2e%2e/etc', '/docs')).toBe(false);
  });

  it('knows the ancestors of a base path', () => {
    expect(isAncestorOfBase('/', '/a/b')).toBe(true);
    expect(isAncestorOfBase('/a', '/a/b')).toBe(true);
    expect(isAncestorOfBase('/a/b', '/a/b')).toBe(false);
    expect(isAncestorOfBase('/ab', '/a/b')).toBe(false);
  });
});
