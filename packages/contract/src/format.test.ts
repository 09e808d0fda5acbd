import { describe, expect, it } from 'vitest';
import { formatBytes } from './format.js';

describe('formatBytes', () => {
  it('binary units with one decimal; bytes as they are', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(333.33333333333337)).toBe('333 B');
    expect(formatBytes(1023.6)).toBe('1.0 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(100 * 1024 ** 2)).toBe('100.0 MB');
    expect(formatBytes(2 * 1024 ** 5)).toBe('2048.0 TB');
  });

  it('a dash for what is not a size', () => {
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) expect(formatBytes(bad)).toBe('—');
  });
});
