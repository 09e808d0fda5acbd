import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import type { E2eS3 } from '../s3-global-setup';

/** Logs in on /admin with the admin's username and password and waits for the panel. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** Logs out of the admin panel and waits for the login form. */
export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}

/** The test MinIO of s3-global-setup, or null when the run has none (DRIFTBOX_TEST_S3=0). */
export function e2eS3(): E2eS3 | null {
  return process.env.E2E_S3 ? (JSON.parse(process.env.E2E_S3) as E2eS3) : null;
}

/** Seeds an S3 storage config on the test MinIO through the API (the UI under test is elsewhere); its id. */
export async function createMinioConfig(
  request: APIRequestContext,
  token: string | null,
  s3: E2eS3,
  fields: { name: string; default_folder?: string },
): Promise<string> {
  const created = await request.post('/api/s3-configs', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      storage_type: 'S3',
      provider_type: 'Other S3 Compatible',
      endpoint_url: s3.endpoint,
      bucket_name: s3.bucket,
      region: s3.region,
      access_key_id: s3.accessKeyId,
      secret_access_key: s3.secretAccessKey,
      path_style: 1,
      ...fields,
    },
  });
  expect(created.status(), await created.text()).toBeLessThan(300);
  return ((await created.json()) as { data: { id: string } }).data.id;
}
