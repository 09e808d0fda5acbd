import { expect, test } from '@playwright/test';
import { loginAsAdmin, logout } from './helpers';

// Journey: the admin creates a text key (share + manage), logs out, logs in with the key and sees the reduced menu.
test('a text-only API key (TEXT + TEXT_MANAGE) gets the reduced panel and is refused admin routes', async ({
  page,
  request,
}) => {
  await loginAsAdmin(page);

  await page.getByRole('link', { name: 'Key management' }).click();
  await page.getByRole('button', { name: 'Create key' }).first().click();

  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name', { exact: true }).fill('e2e text only');
  // Start from a clean slate whatever the default preset is, then tick the text bits alone: since the
  // split, Text share creates and Text manage opens text management.
  for (const checkbox of await dialog.getByRole('checkbox').all()) {
    if (await checkbox.isChecked()) await checkbox.uncheck();
  }
  await dialog.getByLabel('Text share').check();
  await dialog.getByLabel('Text manage').check();
  await dialog.getByLabel('Expiry').selectOption({ label: 'Never' });

  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/admin/api-keys') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const key: string = (await response.json()).data.key;
  expect(key.length).toBeGreaterThanOrEqual(16);

  // The new key shows once, then in the list masked.
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'API key' })).toHaveValue(key);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Copy key e2e text only' })).toBeVisible();

  await logout(page);

  await page.getByRole('tab', { name: 'API key' }).click();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Log in' }).click();

  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link', { name: 'Text management' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Key management' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'File management' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

  // An admin-only page sends the key to its first usable page.
  await page.goto('/admin/key-management');
  await expect(page).toHaveURL(/\/admin\/text-management$/);

  // The server refuses admin routes to the key with 403, whatever the UI shows.
  const refused = await request.get('/api/admin/api-keys', { headers: { Authorization: `ApiKey ${key}` } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ code: 403, success: false, data: null });
});
