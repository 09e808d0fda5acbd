import { RANDOM_SLUG_ALPHABET } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';
import { cryptoIds, randomString } from './ids.js';

describe('ids', () => {
  it('makes slugs of the asked length from [A-Za-z0-9] only', () => {
    const ids = cryptoIds();
    for (let i = 0; i < 200; i += 1) expect(ids.slug(8)).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(new Set(Array.from({ length: 200 }, () => ids.slug(8))).size).toBe(200);
  });

  it('uses every character of the alphabet with roughly equal frequency (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (const ch of randomString(62_000, RANDOM_SLUG_ALPHABET)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect(counts.size).toBe(62);
    // 256 % 62 = 8: a modulo-biased generator gives the first 8 characters 5/256 each instead of 4/256,
    // about 9690 of 62 000 draws instead of 8000 (σ ≈ 90).
    const first8 = [...RANDOM_SLUG_ALPHABET.slice(0, 8)].reduce((sum, ch) => sum + (counts.get(ch) ?? 0), 0);
    expect(first8).toBeGreaterThan(7600);
    expect(first8).toBeLessThan(8400);
  });
});
