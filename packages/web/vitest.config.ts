import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { textsSplit } from './texts-split.ts';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [textsSplit({ whole: true }), react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Test files share a worker's modules and jsdom page instead of loading both afresh (import, setup and
    // environment were two thirds of the project's CPU time); src/test/setup.ts puts back what a file
    // leaves behind (clock, stubs, page, storage, session, language, toasts, offline database).
    isolate: false,
    // Component tests drive real Radix dialogs with user-event; leave room on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
