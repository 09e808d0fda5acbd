import { expect, test, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { loginAsAdmin } from './helpers';

// Journeys: the installable app (issue 31) — installability, offline reading, the offline queue.

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): [number, number] {
  expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

async function workerInCharge(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, {
    timeout: 20_000,
  });
}

test('installable: a valid manifest, its icons at their sizes, and an active worker for the whole site', async ({
  page,
  baseURL,
}) => {
  await page.goto('/');
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(manifestHref).toBe('/manifest.webmanifest');
  const response = await page.request.get(manifestHref!);
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await response.json()) as Record<string, unknown> & {
    icons: { src: string; sizes: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest).toMatchObject({ name: 'Driftbox', short_name: 'Driftbox', start_url: '/', scope: '/' });
  expect(manifest.display).toBe('standalone');
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
    ['New paste', '/'],
    ['Upload', '/upload'],
  ]);
  // What Chromium's installability check asks: a 192 and a 512 icon, and (for Android) a maskable one.
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    const [width, height] = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  const apple = await page.request.get((await page.locator('link[rel="apple-touch-icon"]').getAttribute('href'))!);
  expect(pngSize(await apple.body())).toEqual([180, 180]);

  await workerInCharge(page);
  const registration = await page.evaluate(async () => {
    const ready = await navigator.serviceWorker.ready;
    return { scope: ready.scope, script: ready.active?.scriptURL };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` });
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');
});

test('offline: the shell and a paste list opened before load, and a page never opened shows the offline page', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const created = await page.request.post('/api/paste', {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: 'kept for the train', remark: 'offline list e2e' },
  });
  expect(created.status()).toBe(201);
  await workerInCharge(page);
  await page.goto('/admin/text-management');
  await expect(page.getByText('offline list e2e')).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('button', { name: /Offline/ })).toBeVisible();
  await expect(page.getByText('offline list e2e')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'may be out of date' })).toBeVisible();
  // And stays: the list's refetch waits for the connection instead of failing over the copy (it did,
  // a second or two after the reload, with "Could not load the text list").
  await page.waitForTimeout(2500);
  await expect(page.getByText('offline list e2e')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Page temporarily unavailable' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Home' })).toBeVisible();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Upload', level: 1 }).first()).toBeVisible();
});

test('a paste created offline waits to sync without a link, syncs on reconnect, and its link works elsewhere', async ({
  page,
  context,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  await page.goto('/');
  await workerInCharge(page);
  await context.setOffline(true);
  await page.getByRole('textbox', { name: 'Markdown content' }).fill('# Written on a train\n\nno signal here');
  await page.getByRole('button', { name: 'Create share' }).click();
  const waiting = page.getByTestId('paste-waiting');
  await expect(waiting.getByRole('heading', { name: 'Waiting to sync' })).toBeVisible();
  await expect(waiting.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /1 waiting/ })).toBeVisible();

  await context.setOffline(false);
  const link = page.getByLabel('Share link');
  await expect(link).toHaveValue(/\/paste\/[\w-]+$/, { timeout: 20_000 });
  const url = await link.inputValue();
  await expect(page.getByRole('button', { name: /waiting/ })).toHaveCount(0);

  const fresh = await browser.newContext();
  const reader = await fresh.newPage();
  await reader.goto(url);
  await expect(reader.getByRole('heading', { name: 'Written on a train' }).last()).toBeVisible();
  await fresh.close();
});

test('a first visit: the page and the chunks it loaded before the worker took over work offline', async ({
  page,
  context,
  request,
}) => {
  // The dashboard's chart is an on-demand chunk (not precached) that a first visit loads before the
  // worker is in charge: the page hands the worker the list, and the worker keeps it with the page itself.
  const login = await request.post('/api/admin/login', {
    data: { username: ADMIN.username, password: ADMIN.password },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  await request.post('/api/paste', {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: 'for the chart' },
  });
  await context.addInitScript((value) => localStorage.setItem('admin_token', value), token);
  await page.goto('/admin/dashboard');
  const chart = page.getByRole('img', { name: /chart of the last 7 days/ });
  await expect(chart).toBeVisible();
  await workerInCharge(page);
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const kept = await caches.match('/admin/dashboard', { cacheName: 'driftbox-pages', ignoreVary: true });
          const files = await (await caches.open('driftbox-static')).keys();
          return Boolean(kept) && files.some((file) => file.url.includes('/assets/activity-chart-canvas-'));
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(chart).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page temporarily unavailable' })).toHaveCount(0);
  await context.setOffline(false);
});
