import { expect, test } from '@playwright/test';

// Journey: an unknown client path lands on the home page; an unknown API path answers a 404 envelope.
test('an unknown path lands on /', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Upload' }).first()).toBeVisible();
});

test('an unknown API path answers a 404 envelope', async ({ request }) => {
  const response = await request.get('/api/does-not-exist');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: 404, success: false, data: null, error: 'NOT_FOUND' });
});
