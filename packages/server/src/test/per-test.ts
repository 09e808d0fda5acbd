import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Dialect } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import { createHarness, openTestDb, type Harness, type HarnessOptions, type TestDb } from './harness.js';
import { lateBound } from './late-bound.js';

type Hook = (fn: () => Promise<void>) => void;

/** A harness opened by the `open` hook and closed by the `close` hook, read through a late-bound stand-in. */
function harnessBetween(options: HarnessOptions, open: Hook, close: Hook): Harness {
  let current: Harness | undefined;
  open(async () => {
    current = await createHarness(options);
  });
  close(async () => {
    await current?.close();
    current = undefined;
  });
  return lateBound(() => current, 'The harness');
}

/**
 * A fresh harness for every test of the enclosing describe: created before each test, closed after it.
 * The returned object stands for the current test's harness (each property is read from it when used),
 * so split test files share this set-up instead of repeating the hooks.
 */
export function harnessPerTest(options: HarnessOptions): Harness {
  return harnessBetween(options, beforeEach, afterEach);
}

/**
 * One harness for all the tests of the enclosing describe: created before the first, closed after the
 * last. For suites whose tests only read, or clean up what they change themselves.
 */
export function harnessPerSuite(options: HarnessOptions): Harness {
  return harnessBetween(options, beforeAll, afterAll);
}

/**
 * A fresh database for every test of the enclosing describe, in a temp folder (migrated to the latest
 * version unless `migrate` is false), dropped after it; stands for the current test's database.
 */
export function testDbPerTest(dialect: Dialect, migrate = true): TestDb {
  let dir: string | undefined;
  let current: TestDb | undefined;
  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-db-'));
    current = await openTestDb(dialect, dir);
    if (migrate) await migrateToLatest(current.db);
  });
  afterEach(async () => {
    await current?.db.destroy();
    await current?.drop();
    current = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return lateBound(() => current, 'The test database');
}
