import { defineProject } from 'vitest/config';

// Route tests run on a real SQLite file and on a throwaway PostgreSQL cluster started once per run
// by the global setup (ARCHITECTURE §7).
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/pg-global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
