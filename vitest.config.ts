import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each package keeps its own config (environment, setup).
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine, idle
    // while route tests wait on PostgreSQL, MinIO and child processes. One more than the cores keeps
    // both cores busy.
    maxWorkers: availableParallelism() + 1,
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      // The repository's own tooling (the ESLint boundary rule).
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
