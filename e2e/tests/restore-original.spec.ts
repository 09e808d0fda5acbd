import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './helpers';

// Journey: a user leaving the original product restores its v1.9.1 backup from the page (with the
// original's ENCRYPTION_SECRET), reads the preview, restores, and opens the password paste with its
// original password. The file is the backup module's copy of the real backup (fixtures/original-backups).

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURE = path.resolve(here, '../../packages/server/src/modules/backup/fixtures/original-v1.9.1.json');
/** Plain values from expected-v1.9.1.json. */
const PASSWORD_PASTE = { slug: 'bk-pw', password: 'Orig-Pass#42', title: '密码文本 title' };
const ORIGINAL_SECRET = 'bk-secret-123';

test("restore the original's v1.9.1 backup from the page, then open its password paste", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  await page.goto('/admin/backup');

  await page.getByLabel('Backup file').setInputFiles(FIXTURE);
  await page.getByRole('radio', { name: /Merge/ }).check();
  await page.getByLabel("Original product's ENCRYPTION_SECRET (optional)").fill(ORIGINAL_SECRET);
  await page.getByRole('button', { name: 'Preview' }).click();

  // The preview, before anything is written: tables, the settings that change, what is not imported and why.
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row', { name: /^pastes/ })).toContainText('6');
  const settings = page.getByRole('table', { name: 'Settings that change' });
  await expect(settings.getByRole('row', { name: /site_title/ })).toContainText('BK 迁移测试站');
  const skipped = page.getByRole('table', { name: 'Not imported' });
  await expect(skipped.getByRole('row', { name: /preview_providers/ })).toContainText('preview rules');
  await expect(skipped.getByRole('row', { name: /^admins/ })).toContainText('Accounts are not imported');
  expect((await page.request.get(`/api/paste/${PASSWORD_PASTE.slug}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Restore this backup?' });
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText(/^Backup restored: \d+ records in \d+ tables$/)).toBeVisible();

  // A visitor (a fresh context: no admin session) opens the paste with the password set in the original.
  const visitor = await page
    .context()
    .browser()!
    .newContext({ baseURL: new URL(page.url()).origin });
  const view = await visitor.newPage();
  await view.goto(`/paste/${PASSWORD_PASTE.slug}`);
  await expect(view.getByRole('heading', { name: 'This paste is protected' })).toBeVisible();
  await view.getByLabel('Password').fill('not-the-password');
  await view.getByRole('button', { name: 'Unlock' }).click();
  await expect(view.getByText('Wrong password')).toBeVisible();
  await view.getByLabel('Password').fill(PASSWORD_PASTE.password);
  await view.getByRole('button', { name: 'Unlock' }).click();
  await expect(view.getByRole('heading', { name: PASSWORD_PASTE.title, level: 1 })).toBeVisible();
  await expect(view.getByText('top secret paste body')).toBeVisible();
  await visitor.close();
});
