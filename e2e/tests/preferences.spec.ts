import { expect, test } from '@playwright/test';

// Journey: language and theme choices survive a reload.
test('language and theme persist after a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('link', { name: '上传' }).first()).toBeVisible();

  // auto → light → dark
  await page.getByRole('button', { name: /主题/ }).click();
  await page.getByRole('button', { name: /主题/ }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('link', { name: '上传' }).first()).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('language'), localStorage.getItem('themeMode')])).toEqual([
    'zh-CN',
    'dark',
  ]);
});
