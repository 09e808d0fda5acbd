import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// Journey: an installed app meets a new build (issue 31). A server of its own serves a copy of the web
// build, so the copy's worker can change without touching the build the other journeys use.
const PORT = Number(process.env.E2E_UPDATE_PORT ?? 8792);
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess | undefined;
let root = '';

test.beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'driftbox-pwa-update-'));
  cpSync(path.resolve('../packages/web/dist'), path.join(root, 'web'), { recursive: true });
  // The server prefers a precompressed copy: drop the worker's, so the edited file is what it sends.
  rmSync(path.join(root, 'web', 'sw.js.br'), { force: true });
  rmSync(path.join(root, 'web', 'sw.js.gz'), { force: true });
  server = spawn(process.execPath, [path.resolve('../packages/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(root, 'data'),
      WEB_DIST: path.join(root, 'web'),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'e2e-Admin-Password-1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`${BASE}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the update journey server did not start');
});

test.afterAll(() => {
  server?.kill();
  rmSync(root, { recursive: true, force: true });
});

test('a new build: the update prompt appears, and accepting it reloads the page once', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto(`${BASE}/`);
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });
  await expect(page.getByRole('region', { name: 'A new version is available' })).toHaveCount(0);

  // "Deploy" a new build: the worker script changes byte for byte.
  appendFileSync(path.join(root, 'web', 'sw.js'), '\n// build 2\n');
  await page.reload();
  const prompt = page.getByRole('region', { name: 'A new version is available' });
  await expect(prompt).toBeVisible({ timeout: 20_000 });

  let loads = 0;
  page.on('load', () => loads++);
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect.poll(() => loads, { timeout: 10_000 }).toBe(1);
  // Once: the new worker is in charge, no prompt, and no further reload follows.
  await page.waitForTimeout(2500);
  expect(loads).toBe(1);
  await expect(page.getByRole('region', { name: 'A new version is available' })).toHaveCount(0);
  const waiting = await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting));
  expect(waiting).toBe(false);
});
