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
    // Each test file gets its own modules and jsdom page. Sharing them (`isolate: false`) cut the project's CPU
    // to a third, but a clean-clone run showed a file's late async work (an update toast) reaching the next file;
    // src/test/setup.ts still puts back what a file leaves, for when sharing is tried again.
    // Component tests drive real Radix dialogs with user-event; leave room on a busy 2-core machine.
    testTimeout: 20_000,
  },
});
