import { afterEach, beforeEach } from 'vitest';
import { createHarness, type Harness, type HarnessOptions } from './harness.js';
import { lateBound } from './late-bound.js';

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
  return lateBound(() => current, 'The harness');
}
