import { describe, expect, it } from 'vitest';
import { compareKeys } from './keys.js';

// S3 lists keys in UTF-8 byte order; the LOCAL driver sorts with compareKeys, which must agree with the bytes
// without encoding them. Characters on both sides of the UTF-16 trap: U+E000–U+FFFF against code points above
// U+FFFF (surrogate pairs), which JS's own string order puts the other way round.
const ALPHABET = ['a', 'b', 'Z', '/', '-', '.', '0', 'é', 'ÿ', '中', '\ud7ff', '\ue000', '\uffef', '😀', '𝄞', '🀄'];

const byBytes = (a: string, b: string) => Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));

function randomKey(random: () => number): string {
  let key = '';
  const length = 1 + Math.floor(random() * 6);
  for (let i = 0; i < length; i++) key += ALPHABET[Math.floor(random() * ALPHABET.length)];
  return key;
}

describe('compareKeys', () => {
  it('orders keys by their UTF-8 bytes, surrogate pairs included', () => {
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const keys = Array.from({ length: 3000 }, () => randomKey(random));
    for (let i = 0; i + 1 < keys.length; i++) {
      const [a, b] = [keys[i]!, keys[i + 1]!];
      expect(Math.sign(compareKeys(a, b)), `${a} ${b}`).toBe(byBytes(a, b));
      expect(compareKeys(a, a)).toBe(0);
    }
    expect([...keys].sort(compareKeys)).toEqual([...keys].sort(byBytes));
  });

  it('puts a prefix first and a code point above U+FFFF after U+FFEF, unlike JS string order', () => {
    expect(compareKeys('a', 'a/b')).toBeLessThan(0);
    expect(compareKeys('a/b', 'a')).toBeGreaterThan(0);
    expect(compareKeys('\uffef', '😀')).toBeLessThan(0);
    expect('\uffef' < '😀').toBe(false);
  });
});
