import { describe, expect, it } from 'vitest';
import { isReservedSlug, RESERVED_SLUGS, Slug, SlugOrEmpty } from './slugs.js';

describe('slugs', () => {
  it('accepts letters, digits, hyphens and underscores up to 50 characters, trimmed', () => {
    expect(Slug.parse('My_note-2')).toBe('My_note-2');
    expect(Slug.parse('  padded ')).toBe('padded');
    expect(Slug.safeParse('a'.repeat(50)).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['too long', 'a'.repeat(51)],
    ['slash', 'a/b'],
    ['space', 'a b'],
    ['dot', 'a.b'],
    ['non-ASCII', '笔记'],
  ])('refuses %s', (_label, value) => {
    expect(Slug.safeParse(value).success).toBe(false);
  });

  it('refuses reserved words in any case, with a message the form can show', () => {
    for (const word of RESERVED_SLUGS) expect(Slug.safeParse(word).success).toBe(false);
    const result = Slug.safeParse('ADMIN');
    expect(result.error?.issues[0]?.message).toBe('This link suffix is reserved, try another');
    expect(isReservedSlug('Mount-Explorer')).toBe(true);
    expect(isReservedSlug('my-api')).toBe(false);
  });

  it('SlugOrEmpty also takes the empty string ("generate one")', () => {
    expect(SlugOrEmpty.parse('')).toBe('');
    expect(SlugOrEmpty.safeParse('raw').success).toBe(false);
  });
});
