/**
 * Starts a real S3 server — MinIO on loopback, with a temp data folder and random root credentials —
 * for the S3 half of the object-store suite and the storage-config routes (ARCHITECTURE §7), and stops
 * it afterwards. Tests read it with `inject('s3')`. `DRIFTBOX_TEST_S3=0` skips it with a loud warning.
 */
import type { TestProject } from 'vitest/node';
import { startMinio, type MinioAddress } from './minio-server.js';

/** How tests reach the S3 server. */
export type S3TestServer = MinioAddress;

declare module 'vitest' {
  export interface ProvidedContext {
    /** The loopback MinIO, or null when DRIFTBOX_TEST_S3=0. */
    s3: S3TestServer | null;
  }
}

/** Vitest global setup: build (once) and start MinIO, provide its address, return the teardown. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.DRIFTBOX_TEST_S3 === '0') {
    const bar = '!'.repeat(78);
    console.warn(
      `\n${bar}\n!! DRIFTBOX_TEST_S3=0: S3 tests are SKIPPED. Only the local storage driver was tested.\n${bar}\n`,
    );
    project.provide('s3', null);
    return async () => {};
  }
  const { stop, ...server } = await startMinio('driftbox-minio-');
  project.provide('s3', server);
  return stop;
}
