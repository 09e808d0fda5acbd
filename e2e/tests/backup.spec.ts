import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { loginAsAdmin } from './helpers';

// Journey: the dashboard chart switches between bar and line; a full backup brings a deleted paste back.

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

test('full backup, delete a paste, overwrite restore: the paste is back', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await adminToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  const created = await request.post('/api/paste', {
    headers,
    data: { content: '# Keep me\n\nbacked up', remark: 'e2e backup' },
  });
  expect(created.status()).toBe(201);
  const paste = ((await created.json()) as { data: { id: string; slug: string } }).data;

  await loginAsAdmin(page);
  await page.goto('/admin/dashboard');
  const chartType = page.getByRole('group', { name: 'Chart type' });
  await expect(chartType.getByRole('button', { name: 'Bar' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('img', { name: /^Bar chart of the last 7 days: [1-9]\d* new text shares/ }),
  ).toBeVisible();
  await chartType.getByRole('button', { name: 'Line' }).click();
  await expect(chartType.getByRole('button', { name: 'Line' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /^Line chart of the last 7 days/ })).toBeVisible();

  await page.goto('/admin/backup');
  await expect(page.getByRole('radio', { name: /Full backup/ })).toBeChecked();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Create backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^driftbox-backup-.*\.json$/);
  const file = await download.path();

  const removed = await request.delete('/api/pastes/batch-delete', { headers, data: { ids: [paste.id] } });
  expect(removed.ok()).toBe(true);
  expect((await request.get(`/api/paste/${paste.slug}`)).status()).toBe(404);

  await page.getByLabel('Backup file').setInputFiles(file);
  await expect(page.getByRole('radio', { name: /Overwrite/ })).toBeChecked();
  await page.getByRole('button', { name: 'Preview' }).click();
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /^pastes/ })).toBeVisible();
  await page.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore this backup?' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Backup restored: \d+ records in \d+ tables$/)).toBeVisible();

  const back = await request.get(`/api/paste/${paste.slug}`);
  expect(back.status()).toBe(200);
  expect(JSON.stringify(await back.json())).toContain('backed up');
});
