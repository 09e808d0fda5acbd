import { expect, test } from '@playwright/test';
import { loginAsAdmin } from './helpers';

test('the admin tests the local storage, adds a second one and switches the default', async ({ page }) => {
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Storage config' }).first().click();
  await expect(page.getByRole('heading', { name: 'Storage config', level: 1 })).toBeVisible();

  const initial = page
    .getByRole('article')
    .filter({ has: page.getByText('Local folder', { exact: true }) })
    .first();
  await expect(initial.getByText('Default', { exact: true })).toBeVisible();
  // The list is re-sorted when the default changes: find the card by its name from here on.
  const localName = (await initial.getByRole('heading').textContent()) ?? '';
  const local = page.getByRole('article', { name: localName });

  // The connection test of the default LOCAL config passes every check.
  await local.getByRole('button', { name: /^Test / }).click();
  const testDialog = page.getByRole('dialog', { name: `Test of “${localName}”` });
  await expect(testDialog.getByText('All checks passed')).toBeVisible({ timeout: 20_000 });
  await expect(testDialog.getByRole('img', { name: 'Passed' }).first()).toBeVisible();
  await expect(testDialog.getByRole('img', { name: 'Failed' })).toHaveCount(0);
  await testDialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(testDialog).toBeHidden();

  // A second LOCAL config.
  await page.getByRole('button', { name: 'Add storage' }).click();
  const form = page.getByRole('dialog', { name: 'Add storage' });
  await form.getByRole('button', { name: 'Local folder' }).click();
  await form.getByLabel('Name').fill('e2e archive');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  const archive = page.getByRole('article', { name: 'e2e archive' });
  await expect(archive).toBeVisible();
  await expect(archive.getByText('Default', { exact: true })).toHaveCount(0);

  // Make it the default, then hand the flag back.
  await archive.getByRole('button', { name: 'Set “e2e archive” as default' }).click();
  await expect(archive.getByText('Default', { exact: true })).toBeVisible();
  await expect(local.getByText('Default', { exact: true })).toHaveCount(0);
  await local.getByRole('button', { name: `Set “${localName}” as default` }).click();
  await expect(local.getByText('Default', { exact: true })).toBeVisible();
  await expect(archive.getByText('Default', { exact: true })).toHaveCount(0);

  // And remove it again.
  await archive.getByRole('button', { name: 'Delete “e2e archive”' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete “e2e archive”?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('article', { name: 'e2e archive' })).toHaveCount(0);
  await expect(local).toBeVisible();
});
