import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { loginAsAdmin, logout } from './helpers';

// Journey (issue 28, explorer): views remembered, keyboard, rename, context menu, phone layout, and a key
// with base path /local/team landing there and kept out of the rest. Seeded through the admin API.

const FOLDER = '/local/explorer-e2e';
// The sign-in form admits keys with text or file permission only: TEXT (1) beside MOUNT_VIEW (256).
const TEXT_AND_MOUNT_VIEW = 1 | 256;

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/admin/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  return { Authorization: `Bearer ${(await res.json()).data.token}` };
}

/** A LOCAL mount at /local (another journey may have made it) and this journey's folder and files. */
async function seed(request: APIRequestContext, headers: Record<string, string>): Promise<void> {
  const mounts = (await (await request.get('/api/admin/mounts', { headers })).json()).data as { mount_path: string }[];
  if (!mounts.some((m) => m.mount_path === '/local')) {
    const created = await request.post('/api/admin/mounts', {
      headers,
      data: { name: 'Local', mount_path: '/local', storage_config_id: 'local' },
    });
    expect(created.status()).toBe(201);
  }
  for (const path of ['/local/team', FOLDER, `${FOLDER}/folder-one`]) {
    const made = await request.post('/api/fs/mkdir', { headers, data: { path } });
    expect([201, 409]).toContain(made.status());
  }
  // A retry starts from the same files: the rename of the try before is undone.
  await request.post('/api/fs/batch-remove', { headers, data: { paths: [`${FOLDER}/alpha-renamed.txt`] } });
  for (const name of ['alpha.txt', 'beta.txt', 'gamma.txt']) {
    const saved = await request.post('/api/fs/update', { headers, data: { path: `${FOLDER}/${name}`, content: name } });
    expect(saved.ok()).toBe(true);
  }
  await request.post('/api/fs/update', { headers, data: { path: '/local/team/plan.txt', content: 'plan' } });
}

const entries = (page: Page, path: string) => page.getByRole('listbox', { name: `Entries of ${path}` });

test('the explorer: views, keyboard, rename, menu, and a key kept in its base path', async ({ page, request }) => {
  // One journey through two sign-ins on a shared two-core machine.
  test.setTimeout(90_000);
  const headers = await adminHeaders(request);
  await seed(request, headers);
  await loginAsAdmin(page);

  await page.goto(`/mount-explorer${FOLDER}`);
  const list = entries(page, FOLDER);
  await expect(list.getByRole('option')).toHaveText([/folder-one/, /alpha\.txt/, /beta\.txt/, /gamma\.txt/]);

  // Views: grid, remembered across a reload; then gallery and back to the list.
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Grid', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(list.getByRole('option', { name: /beta\.txt/ })).toBeVisible();
  await page.getByRole('button', { name: 'Gallery', exact: true }).click();
  await expect(list.getByRole('option', { name: /gamma\.txt/ })).toBeVisible();
  await page.getByRole('button', { name: 'List', exact: true }).click();

  // Keyboard: arrows, Enter into a folder, Backspace back up.
  await list.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/mount-explorer\/local\/explorer-e2e\/folder-one$/);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await page.keyboard.press('Backspace');
  await expect(page).toHaveURL(/\/mount-explorer\/local\/explorer-e2e$/);

  // F2 renames the focused file.
  await list.getByRole('option', { name: /alpha\.txt/ }).click();
  await page.keyboard.press('F2');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await rename.getByRole('textbox', { name: 'Name' }).fill('alpha-renamed.txt');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(list.getByRole('option', { name: /alpha-renamed\.txt/ })).toBeVisible();
  expect((await request.get(`/api/fs/get?path=${FOLDER}/alpha-renamed.txt`, { headers })).status()).toBe(200);

  // Right click: the menu, at most the admin's actions; Escape closes it.
  await list.getByRole('option', { name: /gamma\.txt/ }).click({ button: 'right' });
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);

  // Phone: the "more" button opens the same menu for one thumb.
  await page.setViewportSize({ width: 390, height: 844 });
  await list
    .getByRole('option', { name: /beta\.txt/ })
    .locator('[data-menu-button]')
    .click();
  await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 720 });

  // A key with base path /local/team lands there and cannot see the rest.
  const created = await request.post('/api/admin/api-keys', {
    headers,
    data: {
      name: `e2e explorer team ${Date.now()}`,
      permissions: TEXT_AND_MOUNT_VIEW,
      basic_path: '/local/team',
      expires_at: null,
    },
  });
  expect(created.status()).toBe(201);
  const key: string = (await created.json()).data.key;
  await page.goto('/admin');
  await logout(page);
  await page.getByRole('tab', { name: 'API key' }).click();
  await page.getByLabel('API key').fill(key);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();

  await page.goto('/mount-explorer');
  await expect(page).toHaveURL(/\/mount-explorer\/local\/team$/);
  await expect(entries(page, '/local/team').getByRole('option', { name: /plan\.txt/ })).toBeVisible();
  await page.goto(`/mount-explorer${FOLDER}`);
  await expect(page).toHaveURL(/\/mount-explorer\/local\/team$/);
  // Walking up shows only the way to the base path.
  await page.getByRole('navigation', { name: 'Folder path' }).getByRole('link', { name: 'local' }).click();
  await expect(entries(page, '/local').getByRole('option')).toHaveText([/team/]);
  const outside = await request.get(`/api/fs/list?path=${FOLDER}`, { headers: { Authorization: `ApiKey ${key}` } });
  expect(outside.status()).toBe(403);
});
