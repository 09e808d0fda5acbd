import { defineProject } from 'vitest/config';

// Route tests run on a real SQLite file and on a throwaway PostgreSQL cluster started once per run
// by the global setup (ARCHITECTURE §7).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // MinIO (S3) on loopback for the storage tests; built once from source when missing.
    globalSetup: ['./test/pg-global-setup.ts', './test/s3-global-setup.ts'],
    // Test files share a worker's module graph instead of importing the server afresh each (that import
    // was most of the project's time); every file builds its own app, database and stores.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
