import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { loginAsAdmin } from './helpers';

// A 2×2 PNG, so the preview has real pixels to decode.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DA0PCfAUIBACFyBP1TVaZ3AAAAAElFTkSuQmCC',
  'base64',
);
// Where the server's LOCAL store keeps objects for this run (playwright.config: DATA_DIR per port).
const OBJECTS = path.resolve('..', '.tmp', `e2e-data-${process.env.E2E_PORT ?? 8791}`, 'storage', 'local', 'objects');

interface Share {
  id: string;
  slug: string;
  storage_path: string;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** `PUT /api/upload-direct/{filename}` as the admin, with share options in the query. */
async function upload(
  request: APIRequestContext,
  token: string,
  filename: string,
  body: Buffer | string,
  options: Record<string, string> = {},
): Promise<Share> {
  const query = new URLSearchParams({ use_proxy: '1', ...options }).toString();
  const res = await request.put(`/api/upload-direct/${encodeURIComponent(filename)}?${query}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return ((await res.json()) as { data: Share }).data;
}

test('visitors preview an image and a text file, download the exact bytes, and need the password of a protected file', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const image = await upload(request, token, 'e2e-photo.png', PNG, { remark: 'e2e picture' });
  const code = 'def greet(name):\n    return f"hello {name}"\n';
  const text = await upload(request, token, 'e2e-greet.py', code);
  const secret = await upload(request, token, 'e2e-secret.txt', 'the secret text', { password: 'open-sesame' });

  await page.goto(`/file/${image.slug}`);
  await expect(page.getByRole('heading', { name: 'e2e-photo.png' })).toBeVisible();
  await expect(page.getByText('e2e picture')).toBeVisible();
  const img = page.getByRole('region', { name: 'Preview' }).getByRole('img', { name: 'e2e-photo.png' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(2);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('e2e-photo.png');
  expect(Buffer.compare(await readFile(await download.path()), PNG)).toBe(0);

  await page.goto(`/file/${text.slug}`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('greet', { exact: false }).first()).toBeVisible();
  // Highlighted by the shared renderer (highlight.js).
  await expect(preview.locator('.hljs-keyword', { hasText: 'def' })).toBeVisible();

  await page.goto(`/file/${secret.slug}`);
  await expect(page.getByRole('heading', { name: 'This file is password protected' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toHaveCount(0);
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByText('Wrong password')).toBeVisible();
  await page.getByLabel('Password').fill('open-sesame');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('the secret text')).toBeVisible();
  // A reload within the token's life neither asks again nor loses the file.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Preview' }).getByText('the secret text')).toBeVisible();

  await page.goto('/file/no-such-file-e2e');
  await expect(page.getByRole('heading', { name: 'File not found' })).toBeVisible();
});

test('the admin edits a file and batch-deletes shares (share only is not offered for local storage; both)', async ({
  page,
  request,
}) => {
  const token = await adminToken(request);
  const edited = await upload(request, token, 'e2e-edit-me.txt', 'edit me');
  const keepA = await upload(request, token, 'e2e-keep-a.txt', 'a');
  const keepB = await upload(request, token, 'e2e-keep-b.txt', 'b');
  const dropA = await upload(request, token, 'e2e-drop-a.txt', 'c');
  const dropB = await upload(request, token, 'e2e-drop-b.txt', 'd');
  for (const share of [keepA, keepB, dropA, dropB])
    expect(existsSync(path.join(OBJECTS, share.storage_path))).toBe(true);

  await loginAsAdmin(page);
  // The uploader's own view of a share limited to one view: no password asked, nothing used up.
  const once = await upload(request, token, 'e2e-once.txt', 'only once', { max_views: '1', password: 'pw-once' });
  for (let visit = 0; visit < 2; visit += 1) {
    await page.goto(`/file/${once.slug}`);
    await expect(page.getByText('You manage this file')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preview' }).getByText('only once')).toBeVisible();
  }
  const publicView = await request.post(`/api/public/files/${once.slug}/verify`, { data: { password: 'pw-once' } });
  expect(((await publicView.json()) as { data: { views: number; is_last_view: boolean } }).data).toMatchObject({
    views: 1,
    is_last_view: true,
  });
  await page.goto('/admin');
  await page.getByRole('link', { name: 'File management' }).first().click();
  await expect(page.getByRole('heading', { name: 'File management', level: 1 })).toBeVisible();

  // Edit remark and max views.
  await page.getByRole('searchbox', { name: 'Search files' }).fill('e2e-edit');
  await page.getByRole('button', { name: 'Edit e2e-edit-me.txt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit e2e-edit-me.txt' });
  await dialog.getByLabel('Remark').fill('edited by e2e');
  await dialog.getByLabel('Max views').fill('7');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  // A table row on wide screens, a card beside the admin menu or on phones.
  const row = page.locator('tr, li').filter({ hasText: 'e2e-edit-me.txt' });
  await expect(row.getByText('edited by e2e')).toBeVisible();
  await expect(row.getByText('0 / 7')).toBeVisible();
  const saved = await request.get(`/api/files/${edited.id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(((await saved.json()) as { data: { remark: string; max_views: number } }).data).toMatchObject({
    remark: 'edited by e2e',
    max_views: 7,
  });

  // Two shares on local storage: the page does not offer "share only" (their files would stay on the
  // server's disk where nothing in Driftbox reaches them) and says why…
  await page.getByRole('searchbox', { name: 'Search files' }).fill('e2e-keep');
  await page.getByRole('checkbox', { name: 'Select e2e-keep-a.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select e2e-keep-b.txt' }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  let confirm = page.getByRole('dialog', { name: 'Delete 2 files?' });
  await expect(confirm.getByRole('radio', { name: /Share only/ })).toBeDisabled();
  await expect(confirm.getByText(/Not available for local storage/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  // …and the API refuses it for scripts too, share by share with the reason: records and files stay.
  const recordOnly = await request.delete('/api/files/batch-delete', {
    headers: { Authorization: `Bearer ${token}` },
    data: { ids: [keepA.id, keepB.id], delete_mode: 'record_only' },
  });
  expect(recordOnly.status()).toBe(200);
  const refused = ((await recordOnly.json()) as { data: { deleted: number; failed: { error: string }[] } }).data;
  expect(refused.deleted).toBe(0);
  expect(refused.failed.map((f) => f.error)).toEqual([
    expect.stringMatching(/^Share only is not available for local storage/),
    expect.stringMatching(/^Share only/),
  ]);
  for (const share of [keepA, keepB]) {
    expect(existsSync(path.join(OBJECTS, share.storage_path))).toBe(true);
    expect((await request.get(`/api/public/files/${share.slug}`)).status()).toBe(200);
  }

  // Two shares, both: record and stored file go.
  await page.getByRole('searchbox', { name: 'Search files' }).fill('e2e-drop');
  await page.getByRole('checkbox', { name: 'Select e2e-drop-a.txt' }).check();
  await page.getByRole('checkbox', { name: 'Select e2e-drop-b.txt' }).check();
  await page.getByRole('button', { name: 'Delete selected (2)' }).click();
  confirm = page.getByRole('dialog', { name: 'Delete 2 files?' });
  await expect(confirm.getByRole('radio', { name: /Share and stored file/ })).toBeChecked();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('No matching files')).toBeVisible();
  for (const share of [dropA, dropB]) {
    expect(existsSync(path.join(OBJECTS, share.storage_path))).toBe(false);
    expect((await request.get(`/api/public/files/${share.slug}`)).status()).toBe(404);
  }
});
