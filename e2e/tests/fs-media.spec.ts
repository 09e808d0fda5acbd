import { expect, test, type APIRequestContext } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { loginAsAdmin } from './helpers';

// The explorer's media parts on the real page (/mount-explorer/…): a folder dropped on the listing, the
// Uploads sheet, the folder picker, an image previewed, → to a text file, edited in place and saved.

/** A small PNG (a gradient), made here so the test needs no fixture file. */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (data: Buffer) => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type), data]);
    const tail = Buffer.alloc(4);
    tail.writeUInt32BE(crc(typed));
    return Buffer.concat([head, typed, tail]);
  };
  const rows = Array.from({ length: height }, (_, y) =>
    Buffer.from([0, ...Array.from({ length: width }, (_, x) => [x % 256, y % 256, 160]).flat()]),
  );
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The LOCAL mount at /local (another journey may have made it) and a fresh folder of this try. */
async function seed(request: APIRequestContext, headers: Record<string, string>, folder: string) {
  const mounts = (await (await request.get('/api/admin/mounts', { headers })).json()).data as { mount_path: string }[];
  if (!mounts.some((m) => m.mount_path === '/local')) {
    const created = await request.post('/api/admin/mounts', {
      headers,
      data: { name: 'Local', mount_path: '/local', storage_config_id: 'local' },
    });
    expect(created.status()).toBe(201);
  }
  const made = await request.post('/api/fs/mkdir', { headers, data: { path: folder } });
  expect(made.status()).toBe(201);
}

test('drop a folder, preview an image, edit a text file', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAsAdmin(page);
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const headers = { Authorization: `Bearer ${token}` };
  const folder = `/local/fs-media-${randomBytes(3).toString('hex')}`;
  await seed(page.request, headers, folder);
  const names = async (at: string) => {
    const listed = await page.request.get(`/api/fs/list?path=${encodeURIComponent(at)}`, { headers });
    return ((await listed.json()).data.items as { name: string }[]).map((i) => i.name).sort();
  };

  await page.goto(`/mount-explorer${folder}`);
  const list = page.getByRole('listbox', { name: `Entries of ${folder}` });
  const empty = page.getByText('This folder is empty');
  await expect(empty).toBeVisible();
  // A folder dropped on the (empty) folder as Chromium hands it over: entries read through webkitGetAsEntry.
  const image = [...png(320, 200)];
  await empty.evaluate((zone, bytes) => {
    const file = (name: string, parts: BlobPart[], type = '') => ({
      name,
      isFile: true,
      isDirectory: false,
      file: (ok: (f: File) => void) => ok(new File(parts, name, { type })),
    });
    const folder = (name: string, children: unknown[]) => ({
      name,
      isFile: false,
      isDirectory: true,
      createReader: () => {
        let given = false;
        return {
          readEntries: (ok: (e: unknown[]) => void) => {
            ok(given ? [] : children);
            given = true;
          },
        };
      },
    });
    const album = folder('album', [
      file('sunset.png', [new Uint8Array(bytes)], 'image/png'),
      file('notes.txt', ['first line\n'], 'text/plain'),
      folder('raw', [file('a.bin', [new Uint8Array(2048)])]),
      folder('empty', []),
    ]);
    const dataTransfer = {
      types: ['Files'],
      items: [{ kind: 'file', webkitGetAsEntry: () => album, getAsFile: () => null }],
      files: [],
      dropEffect: 'none',
    };
    for (const type of ['dragenter', 'dragover', 'drop']) {
      const event = new Event(type, { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
      zone.dispatchEvent(event);
    }
  }, image);
  // The Uploads sheet opens by itself with the queue.
  const sheet = page.getByRole('dialog', { name: 'Uploads' });
  const panel = sheet.getByRole('region', { name: 'Upload' });
  await expect(panel.getByText('3 of 3 files', { exact: false })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute('aria-valuenow', '100');
  expect(await names(`${folder}/album`)).toEqual(['empty', 'notes.txt', 'raw', 'sunset.png']);
  expect(await names(`${folder}/album/raw`)).toEqual(['a.bin']);

  // The sheet's folder picker too: a real folder from disk, its paths kept.
  const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-e2e-fsmedia-'));
  try {
    const picked = path.join(dir, 'picked');
    mkdirSync(path.join(picked, 'deep'), { recursive: true });
    writeFileSync(path.join(picked, 'deep', 'c.txt'), 'from the picker');
    await panel.getByLabel('Upload a folder').setInputFiles(picked);
    await expect(panel.getByText('4 of 4 files', { exact: false })).toBeVisible({ timeout: 20_000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  expect(await names(`${folder}/picked/deep`)).toEqual(['c.txt']);
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
  // The listing shows what arrived.
  await expect(list.getByRole('option', { name: /album/ })).toBeVisible();

  // Preview the image over its folder (a double click), and step to the text file with ←.
  await list.getByRole('option', { name: /album/ }).dblclick();
  const album = page.getByRole('listbox', { name: `Entries of ${folder}/album` });
  await album.getByRole('option', { name: /sunset\.png/ }).dblclick();
  const dialog = page.getByRole('dialog', { name: 'sunset.png' });
  const img = dialog.getByRole('img', { name: 'sunset.png' });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
  await expect(page).toHaveURL(/\?preview=sunset\.png$/);
  await page.keyboard.press('ArrowLeft');
  const text = page.getByRole('dialog', { name: 'notes.txt' });
  await expect(text.getByText('first line')).toBeVisible();
  await expect(page).toHaveURL(/\?preview=notes\.txt$/);

  // Edit it in place and save.
  await text.getByRole('button', { name: 'Edit' }).click();
  const editor = text.locator('.cm-content');
  await expect(editor).toContainText('first line');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('second line');
  await text.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('notes.txt saved')).toBeVisible();
  await expect(text.getByText('second line')).toBeVisible();
  const saved = await page.request.get(`/api/fs/download?path=${encodeURIComponent(`${folder}/album/notes.txt`)}`, {
    headers,
  });
  expect(await saved.text()).toBe('first line\nsecond line');
});
