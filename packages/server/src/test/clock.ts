import type { Clock } from '../lib/clock.js';

/** A clock that stands still until a test moves it. */
export interface TestClock extends Clock {
  advance(ms: number): void;
  set(date: Date | string): void;
}

/** Default start: a fixed instant, so timestamps in assertions are exact. */
export const TEST_START = '2026-01-01T00:00:00.000Z';

/** A manual clock starting at `start`. */
export function testClock(start: Date | string = TEST_START): TestClock {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = new Date(date).getTime();
    },
  };
}
