import { expect, test, type Browser, type Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { E2eS3 } from '../s3-global-setup';
import { createMinioConfig, loginAsAdmin } from './helpers';

const SIZE = 20 * 1024 * 1024; // 4 parts of 5 MiB: always multipart
const PASSWORD = 'e2e-file-secret';

let dir: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'driftbox-e2e-upload-'));
});
test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function sha256(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** A fresh random file on disk and its digest. */
function randomFile(name: string): { file: string; digest: string } {
  const file = path.join(dir, name);
  writeFileSync(file, randomBytes(SIZE));
  return { file, digest: sha256(file) };
}

/** Uploads through /upload (optionally into the named storage) and returns the share link. */
async function upload(page: Page, file: string, storage?: string): Promise<string> {
  const partPuts: string[] = [];
  const completes: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    // LOCAL parts go to Driftbox's signed /api/local-storage/<id>/part URLs, S3 parts carry partNumber.
    if (
      request.method() === 'PUT' &&
      (/\/api\/local-storage\/[^/]+\/part\?/.test(url) || /[?&]partNumber=\d+/.test(url))
    )
      partPuts.push(url);
    if (request.method() === 'POST' && url.endsWith('/api/upload/multipart/complete')) completes.push(url);
  });

  await page.goto('/upload');
  await expect(page.getByRole('heading', { name: 'Upload files', level: 1 })).toBeVisible();
  await page.getByLabel('Choose files').setInputFiles(file);
  const name = path.basename(file);
  const item = page.getByRole('listitem', { name });
  await expect(item.getByText('Ready')).toBeVisible();
  if (storage) await page.getByLabel('Storage').selectOption({ label: storage });
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  await expect(item.getByText('Done')).toBeVisible({ timeout: 90_000 });
  expect(partPuts.length).toBe(4);
  expect(completes).toHaveLength(1);
  const link = await item.getByLabel('Share link').inputValue();
  expect(link).toMatch(/\/file\/[\w-]+$/);
  return link;
}

/** Opens the link in a fresh browser context (no session), unlocks it and checks the download's digest. */
async function downloadAndCompare(browser: Browser, link: string, digest: string): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(link);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    const downloading = page.waitForEvent('download', { timeout: 60_000 });
    await page
      .getByRole('link', { name: 'Download' })
      .or(page.getByRole('button', { name: 'Download' }))
      .first()
      .click();
    const download = await downloading;
    const saved = path.join(dir, `downloaded-${Date.now()}`);
    await download.saveAs(saved);
    expect(sha256(saved)).toBe(digest);
  } finally {
    await context.close();
  }
}

test('a 20 MB file goes up in parts to the local storage and comes back identical behind its password', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(page);
  const { file, digest } = randomFile(`local-${randomBytes(4).toString('hex')}.bin`);
  const link = await upload(page, file);
  await downloadAndCompare(browser, link, digest);
});

test('the same journey through an S3 storage (MinIO)', async ({ page, browser }) => {
  test.skip(!process.env.E2E_S3, 'DRIFTBOX_TEST_S3=0: no MinIO');
  test.setTimeout(180_000);
  const s3 = JSON.parse(process.env.E2E_S3 ?? '{}') as E2eS3;
  await loginAsAdmin(page);

  // Seeded through the API (STYLE §23); the picker is what the journey exercises.
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const storage = `e2e minio ${randomBytes(3).toString('hex')}`;
  await createMinioConfig(page.request, token, s3, { name: storage });

  const { file, digest } = randomFile(`s3-${randomBytes(4).toString('hex')}.bin`);
  const link = await upload(page, file, storage);
  await downloadAndCompare(browser, link, digest);
});

test('a multipart upload interrupted by a reload resumes with the parts the server already has', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await loginAsAdmin(page);
  const { file, digest } = randomFile(`resume-${randomBytes(4).toString('hex')}.bin`);
  const name = path.basename(file);

  // Part 4 never gets through in the first page (each attempt fails as a network error, so nothing of
  // it can reach the server late): parts 1-3 are stored, then the page is reloaded mid-retry.
  const stored: string[] = [];
  let part4Attempts = 0;
  await page.route(/\/api\/local-storage\/[^/]+\/part\?/, async (route) => {
    if (/[?&]partNumber=4(&|$)/.test(route.request().url())) {
      part4Attempts += 1;
      await route.abort('failed');
      return;
    }
    const response = await route.fetch();
    stored.push(route.request().url());
    await route.fulfill({ response });
  });
  await page.goto('/upload');
  await page.getByLabel('Choose files').setInputFiles(file);
  await page.getByLabel('Password').fill('first-attempt-password');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect.poll(() => stored.length, { timeout: 60_000 }).toBe(3);
  await expect.poll(() => part4Attempts, { timeout: 30_000 }).toBeGreaterThan(0);
  // Reloaded while the route still refuses part 4, so no retry of the old page can slip through.
  await page.reload();
  await page.unrouteAll({ behavior: 'ignoreErrors' });

  // The page offers the unfinished upload; adding the same file continues it, shared with the options
  // set now (another password than the first attempt's).
  const notice = page.getByRole('region', { name: 'Unfinished uploads' });
  await expect(notice.getByText(name)).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  const resentParts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && /\/part\?/.test(request.url())) resentParts.push(request.url());
  });
  await page.getByLabel('Choose files').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const item = page.getByRole('listitem', { name });
  await expect(item.getByText('Done')).toBeVisible({ timeout: 90_000 });
  expect(resentParts).toHaveLength(1);
  expect(resentParts[0]).toMatch(/[?&]partNumber=4(&|$)/);
  await expect(notice).toHaveCount(0);

  const link = await item.getByLabel('Share link').inputValue();
  await downloadAndCompare(browser, link, digest);
});

test('a custom link that is taken is marked, and Retry shares the file under the link typed instead', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const taken = `e2e-taken-${randomBytes(3).toString('hex')}`;
  // Seeded through the API (STYLE §23): a share already holding the link.
  const seeded = await page.request.put(`/api/upload-direct/seed.txt?slug=${taken}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: 'seed',
  });
  expect(seeded.status(), await seeded.text()).toBeLessThan(300);

  const file = path.join(dir, `slug-${randomBytes(3).toString('hex')}.txt`);
  writeFileSync(file, 'hello');
  const name = path.basename(file);
  await page.goto('/upload');
  await page.getByLabel('Choose files').setInputFiles(file);
  const link = page.getByLabel('Custom link');
  await link.fill(taken);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  const item = page.getByRole('listitem', { name });
  await expect(item.getByRole('alert')).toHaveText('Link suffix already taken: change the custom link, then retry.');
  await expect(link).toHaveValue(taken);
  await expect(link).toHaveAttribute('aria-invalid', 'true');

  const fresh = `${taken}-2`;
  await link.fill(fresh);
  await item.getByRole('button', { name: `Retry ${name}` }).click();
  await expect(item.getByText('Done')).toBeVisible();
  await expect(item.getByLabel('Share link')).toHaveValue(new RegExp(`/file/${fresh}$`));
});
