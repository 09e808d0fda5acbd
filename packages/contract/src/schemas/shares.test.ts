import { describe, expect, it } from 'vitest';
import { utf8ByteLength } from './shares.js';

describe('share schemas', () => {
  it('utf8ByteLength counts like UTF-8 encoding does', () => {
    const cases: [string, number][] = [
      ['', 0],
      ['abc', 3],
      ['é', 2],
      ['中文', 6],
      ['😀', 4],
      ['a😀b中', 9],
      ['\uD800', 3],
    ];
    for (const [text, bytes] of cases) expect(utf8ByteLength(text)).toBe(bytes);
  });

  it('utf8ByteLength counts a lone surrogate as the replacement character it is encoded as', () => {
    expect(['\uD800中', '\uDC00a', 'a\uD800', '\uD800\uD83D\uDE00'].map(utf8ByteLength)).toEqual([6, 4, 4, 7]);
  });
});
