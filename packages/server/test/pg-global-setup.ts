/**
 * Starts a throwaway PostgreSQL cluster for the server tests (ARCHITECTURE §7) and stops it afterwards.
 * Tests read its URL with `inject('pgUrl')` and create one database per harness. `DRIFTBOX_TEST_PG=0`
 * skips PostgreSQL (with a loud warning); the default, and CI, run it.
 */
import type { TestProject } from 'vitest/node';
import { startPgCluster } from './pg-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the throwaway cluster's `postgres` database, or null when PG is skipped. */
    pgUrl: string | null;
  }
}

/** Vitest global setup: start the cluster, provide its URL, return the teardown. */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.DRIFTBOX_TEST_PG === '0') {
    const bar = '!'.repeat(78);
    console.warn(`\n${bar}\n!! DRIFTBOX_TEST_PG=0: PostgreSQL tests are SKIPPED. Only SQLite was tested.\n${bar}\n`);
    project.provide('pgUrl', null);
    return () => {};
  }
  const cluster = await startPgCluster();
  // If vitest dies without running teardown, still do not leave a postmaster behind.
  const stop = () => cluster.dispose();
  process.once('exit', stop);
  project.provide('pgUrl', cluster.url);
  return () => {
    stop();
    process.removeListener('exit', stop);
  };
}
