import { expect, test, type Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createMinioConfig, e2eS3, loginAsAdmin } from './helpers';

// Issue 28, engineer B's journey: mounts made on the admin page (a LOCAL one and, with MinIO, an S3 one), then
// in the explorer a folder copied across mounts and watched in the task panel, a search, and the basket's ZIP.

const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('admin_token'))) ?? '';
}

/** Every entry of a ZIP the server wrote (stored, no compression) by name: enough for a byte comparison. */
function readStoredZip(zip: Buffer): Map<string, Buffer> {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i += 1) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const local = zip.readUInt32LE(at + 42);
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    entries.set(name, zip.subarray(data, data + size));
    at += 46 + skip;
  }
  return entries;
}

/** Fills the mount form of the open dialog and submits it. */
async function submitMount(page: Page, name: string, mountPath: string, storage: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Add mount' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Mount path').fill(mountPath);
  const select = dialog.getByLabel('Storage config');
  const option = await select.locator('option').filter({ hasText: storage }).first().getAttribute('value');
  await select.selectOption(option ?? '');
  await dialog.getByRole('button', { name: 'Create mount' }).click();
}

test('mounts are created, refused, disabled and deleted on the admin page', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  const token = await adminToken(page);
  const auth = { Authorization: `Bearer ${token}` };
  const s3 = e2eS3();
  const storage = `e2e mount minio ${randomBytes(3).toString('hex')}`;
  if (s3) {
    // The storage config is seeded through the API; the mount page is what the journey exercises.
    await createMinioConfig(page.request, token, s3, { name: storage });
  }

  const suffix = randomBytes(3).toString('hex');
  await page.goto('/admin/mount-management');
  await expect(page.getByRole('heading', { name: 'Mount management' })).toBeVisible();

  await page.getByRole('button', { name: 'Add mount' }).first().click();
  // The form's own rules before any request: a reserved first segment.
  const dialog = page.getByRole('dialog', { name: 'Add mount' });
  await dialog.getByLabel('Name').fill('Reserved');
  await dialog.getByLabel('Mount path').fill('/api/x');
  await dialog.getByRole('button', { name: 'Create mount' }).click();
  await expect(dialog.getByText(/not a reserved path/)).toBeVisible();

  await submitMount(page, `Local ${suffix}`, `/e2e${suffix}/local`, 'Local storage');
  await expect(page.getByRole('article', { name: `Local ${suffix}` })).toBeVisible();
  const otherPath = `/e2e${suffix}/${s3 ? 's3' : 'second'}`;
  await page.getByRole('button', { name: 'Add mount' }).first().click();
  await submitMount(page, `Other ${suffix}`, otherPath, s3 ? storage : 'Local storage');
  const other = page.getByRole('article', { name: `Other ${suffix}` });
  await expect(other).toBeVisible();
  await expect(other.getByText(s3 ? 'S3' : 'Local', { exact: true })).toBeVisible();

  // A path in use is refused by the server and said at the path field.
  await page.getByRole('button', { name: 'Add mount' }).first().click();
  await submitMount(page, 'Twin', otherPath, 'Local storage');
  await expect(dialog.getByText('A mount with this path already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('alertdialog');
  if (await discard.isVisible()) await discard.getByRole('button', { name: 'Discard' }).click();

  await other.getByRole('switch', { name: `Disable “Other ${suffix}”` }).click();
  await expect(other.getByText('Disabled', { exact: true })).toBeVisible();
  await other.getByRole('switch', { name: `Enable “Other ${suffix}”` }).click();
  await expect(other.getByText('Active', { exact: true })).toBeVisible();

  const listed = await page.request.get('/api/admin/mounts', { headers: auth });
  const mounts = ((await listed.json()) as { data: { mount_path: string; is_active: number }[] }).data;
  expect(mounts.filter((m) => m.mount_path.startsWith(`/e2e${suffix}/`)).map((m) => m.is_active)).toEqual([1, 1]);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(other).toBeVisible();
  await other.getByRole('button', { name: `Delete “Other ${suffix}”` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete mount' }).click();
  await expect(other).toHaveCount(0);
});

test('a folder copied across mounts is watched in the task panel, found by search, and zipped from the basket', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAsAdmin(page);
  const token = await adminToken(page);
  const auth = { Authorization: `Bearer ${token}` };
  const s3 = e2eS3();
  const suffix = randomBytes(3).toString('hex');
  const root = `/j${suffix}`;

  let targetConfig = 'local';
  if (s3) {
    targetConfig = await createMinioConfig(page.request, token, s3, {
      name: `e2e copy minio ${suffix}`,
      default_folder: `copy-${suffix}/`,
    });
  }
  for (const [name, config] of [
    ['src', 'local'],
    ['dst', targetConfig],
  ] as const) {
    const made = await page.request.post('/api/admin/mounts', {
      headers: auth,
      data: { name: `${name} ${suffix}`, mount_path: `${root}/${name}`, storage_config_id: config, cache_ttl: 0 },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  // Three files in two folders of the source mount.
  const files = new Map<string, Buffer>([
    [`${root}/src/docs/alpha-${suffix}.txt`, randomBytes(3000)],
    [`${root}/src/docs/beta-${suffix}.bin`, randomBytes(70_000)],
    [`${root}/src/media/gamma-${suffix}.bin`, randomBytes(12_345)],
  ]);
  for (const [path, data] of files) {
    const folder = path.slice(0, path.lastIndexOf('/'));
    const uploaded = await page.request.post('/api/fs/upload', {
      headers: auth,
      multipart: {
        path: folder,
        file: { name: path.split('/').pop() ?? 'f', mimeType: 'application/octet-stream', buffer: data },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBeLessThan(300);
  }

  await page.goto(`/mount-explorer${root}/src`);
  const tasksButton = page.getByRole('button', { name: /^Tasks/ });
  await expect(tasksButton).toBeVisible();

  const copy = await page.request.post('/api/fs/batch-copy', {
    headers: auth,
    data: { items: [{ sourcePath: `${root}/src/docs`, targetPath: `${root}/dst/docs` }] },
  });
  expect(copy.status(), await copy.text()).toBe(202);
  await tasksButton.first().click();
  const panel = page.getByRole('dialog', { name: 'Tasks' });
  await expect(panel.getByRole('listitem', { name: 'Copy: Completed' }).first()).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByText(`${root}/src/docs`).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Clear finished' }).click();
  await expect(panel.getByText('No tasks')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Search files' }).click();
  const search = page.getByRole('dialog', { name: 'Search files' });
  await search.getByRole('searchbox').fill(`gamma-${suffix}`);
  await expect(search.getByText(`${root}/src/media`)).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');

  // The basket gets three files of two folders through the explorer's "Add to basket": two picked together
  // in one folder (click, Ctrl+click, right click), the third from its own folder's menu.
  const [alpha, beta, gamma] = [...files.keys()].map((path) => path.split('/').pop() ?? '');
  await page.goto(`/mount-explorer${root}/src/docs`);
  const docs = page.getByRole('listbox', { name: `Entries of ${root}/src/docs` });
  await docs.getByRole('option', { name: alpha }).click();
  await docs.getByRole('option', { name: beta }).click({ modifiers: ['ControlOrMeta'] });
  await docs.getByRole('option', { name: beta }).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Add to basket' }).click();
  await expect(page.getByRole('button', { name: /^Basket: 2 items/ })).toBeVisible();
  await page.goto(`/mount-explorer${root}/src/media`);
  const media = page.getByRole('listbox', { name: `Entries of ${root}/src/media` });
  await media.getByRole('option', { name: gamma }).click({ button: 'right' });
  await page.getByRole('menu').getByRole('menuitem', { name: 'Add to basket' }).click();
  await page.getByRole('button', { name: /^Basket: 3 items/ }).click();
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('dialog', { name: 'Basket' }).getByRole('button', { name: 'Download as ZIP' }).click();
  const download = await downloadPromise;
  // Built as a task and opened by the browser through its signed link (streamed to disk, not a Blob).
  expect(download.url()).toMatch(/\/api\/fs\/archive-download\/[^?]+\?by=[^&]+&sign=/);
  const zip = readStoredZip(await readFile((await download.path()) ?? ''));
  for (const [path, data] of files) {
    expect(sha(zip.get(path.split('/').pop() ?? '') ?? Buffer.alloc(0)), path).toBe(sha(data));
  }
});
