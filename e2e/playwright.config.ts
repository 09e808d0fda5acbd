import { defineConfig } from '@playwright/test';

// Journeys run against the real built server (packages/server/dist) serving the built web app, on a
// throwaway data directory, in Debian's Chromium (never a downloaded browser).
const PORT = Number(process.env.E2E_PORT ?? 8791);
// A run may serve its own web build (E2E_WEB_DIST) so parallel runs never race on one dist folder.
const DATA_DIR = `../.tmp/e2e-data-${PORT}`;
export const ADMIN = { username: 'admin', password: 'e2e-Admin-Password-1' };

export default defineConfig({
  testDir: './tests',
  // The Node LTS tier of `npm test` runs the server-backed journeys only: the axe scans, keyboard
  // journeys, stored preferences and the worker's update check what the browser does with the same
  // bytes, whichever Node serves them (scripts/test.mjs).
  testIgnore: process.env.E2E_JOURNEYS_ONLY
    ? ['**/a11y-axe.spec.ts', '**/a11y-keyboard.spec.ts', '**/preferences.spec.ts', '**/pwa-update.spec.ts']
    : [],
  // MinIO for the S3 case of the file-upload journey (skipped with DRIFTBOX_TEST_S3=0).
  globalSetup: './s3-global-setup.ts',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // `exec` so the server, not a shell, owns the PID Playwright stops.
    command: `rm -rf ${DATA_DIR} && exec node ../packages/server/dist/main.js`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
});
