import { afterEach, beforeEach } from 'vitest';
import { createHarness, type Harness, type HarnessOptions } from './harness.js';

/**
 * A fresh harness for every test of the enclosing describe: created before each test, closed after it.
 * The returned object stands for the current test's harness (each property is read from it when used),
 * so split test files share this set-up instead of repeating the hooks.
 */
export function harnessPerTest(options: HarnessOptions): Harness {
  let current: Harness | undefined;
  beforeEach(async () => {
    current = await createHarness(options);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const live = (): Harness => {
    if (!current) throw new Error('The harness exists only while a test runs');
    return current;
  };
  return new Proxy({} as Harness, {
    get: (_target, key) => Reflect.get(live(), key) as unknown,
    has: (_target, key) => Reflect.has(live(), key),
  });
}
