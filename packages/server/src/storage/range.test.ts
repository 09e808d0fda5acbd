import { describe, expect, it } from 'vitest';
import { isStorageError } from './errors.js';
import { parseContentRange, parseRangeHeader, rangeHeader, resolveRange } from './range.js';

describe('parseRangeHeader', () => {
  it('reads the three single-range forms', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader(' bytes=-500 ')).toEqual({ suffix: 500 });
  });

  it('ignores what it cannot serve as one range (the whole object is sent instead)', () => {
    for (const header of [undefined, '', 'bytes=-', 'bytes=5-1', 'bytes=0-1,4-5', 'items=0-1', 'bytes=a-b']) {
      expect(parseRangeHeader(header), String(header)).toBeNull();
    }
  });
});

describe('resolveRange', () => {
  it('clamps like S3 and refuses what selects nothing', () => {
    expect(resolveRange({ start: 0, end: 9 }, 100)).toEqual({ start: 0, end: 9 });
    expect(resolveRange({ start: 90, end: 500 }, 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange({ suffix: 500 }, 100)).toEqual({ start: 0, end: 99 });
    for (const [range, size] of [
      [{ start: 100 }, 100],
      [{ suffix: 0 }, 100],
      [{ suffix: 1 }, 0],
    ] as const) {
      expect(() => resolveRange(range, size)).toThrow();
      try {
        resolveRange(range, size);
      } catch (err) {
        expect(isStorageError(err, 'INVALID_RANGE')).toBe(true);
      }
    }
  });

  it('round-trips through the header forms', () => {
    expect(rangeHeader({ start: 5 })).toBe('bytes=5-');
    expect(rangeHeader({ suffix: 7 })).toBe('bytes=-7');
    expect(parseContentRange('bytes 10-19/1000')).toEqual({ start: 10, end: 19, total: 1000 });
    expect(parseContentRange('bytes */1000')).toBeNull();
  });
});
