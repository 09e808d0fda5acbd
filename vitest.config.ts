import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each package keeps its own config (environment, setup).
export default defineConfig({
  test: {
    projects: [
      'packages/contract',
      'packages/server',
      'packages/web',
      // The repository's own tooling (the ESLint boundary rule).
      { test: { name: 'scripts', environment: 'node', include: ['scripts/**/*.test.mjs'] } },
    ],
  },
});
