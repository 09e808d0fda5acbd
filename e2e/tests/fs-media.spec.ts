import { expect, test, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { buildHarness } from '../harness/fs-media/build.mjs';

// The explorer's media parts (upload, preview, editing) on the real server through a dev-only harness
// page (e2e/harness/fs-media) served as the server's WEB_DIST: a second server, its own data folder.
const PASSWORD = 'e2e-Fs-Media-Pass-1';
let server: ChildProcess;
let base: string;
let token: string;
let dir: string;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function api<T>(route: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${base}/api${route}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  const body = (await response.json()) as { data: T };
  if (!response.ok) throw new Error(`${route}: ${response.status} ${JSON.stringify(body)}`);
  return body.data;
}

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

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const main = path.resolve('../packages/server/dist/main.js');
  const webDist = await buildHarness();
  dir = mkdtempSync(path.join(tmpdir(), 'driftbox-e2e-fsmedia-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIST: webDist,
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error('the harness server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  await api('/admin/mounts', {
    method: 'POST',
    body: JSON.stringify({ name: 'Local', mount_path: '/local', storage_config_id: 'local' }),
  });
});

test.afterAll(() => {
  server?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function openHarness(page: Page, folder: string) {
  await page.addInitScript((t) => localStorage.setItem('admin_token', t), token);
  await page.goto(`${base}/?path=${encodeURIComponent(folder)}`);
  await expect(page.getByRole('heading', { name: folder })).toBeVisible();
}

const names = async (folder: string) =>
  (await api<{ items: { name: string }[] }>(`/fs/list?path=${encodeURIComponent(folder)}`)).items.map((i) => i.name);

test('drop a folder, preview an image, edit a text file', async ({ page }) => {
  await openHarness(page, '/local');
  // A folder dropped as Chromium hands it over: entries read through webkitGetAsEntry, batch by batch.
  const image = [...png(320, 200)];
  await page.getByTestId('folder').evaluate((zone, bytes) => {
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
  const panel = page.getByRole('region', { name: 'Upload' });
  await expect(panel.getByText('3 of 3 files', { exact: false })).toBeVisible({ timeout: 20_000 });
  await expect(panel.getByRole('progressbar', { name: 'Overall progress' })).toHaveAttribute('aria-valuenow', '100');
  expect((await names('/local/album')).sort()).toEqual(['empty', 'notes.txt', 'raw', 'sunset.png']);
  expect(await names('/local/album/raw')).toEqual(['a.bin']);

  // The folder picker too: a real folder from disk, its paths kept.
  const picked = path.join(dir, 'picked');
  mkdirSync(path.join(picked, 'deep'), { recursive: true });
  writeFileSync(path.join(picked, 'deep', 'c.txt'), 'from the picker');
  await page.getByLabel('Upload a folder').setInputFiles(picked);
  await expect(panel.getByText('4 of 4 files', { exact: false })).toBeVisible({ timeout: 20_000 });
  expect(await names('/local/picked/deep')).toEqual(['c.txt']);

  // Preview the image in the folder, and step to the text file with ←.
  await page.goto(`${base}/?path=${encodeURIComponent('/local/album')}`);
  await page.getByRole('button', { name: 'sunset.png' }).click();
  const dialog = page.getByRole('dialog', { name: 'sunset.png' });
  const img = dialog.getByRole('img', { name: 'sunset.png' });
  await expect(img).toBeVisible();
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(320);
  await page.keyboard.press('ArrowLeft');
  const text = page.getByRole('dialog', { name: 'notes.txt' });
  await expect(text.getByText('first line')).toBeVisible();

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
  const saved = await fetch(`${base}/api/fs/download?path=${encodeURIComponent('/local/album/notes.txt')}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(await saved.text()).toBe('first line\nsecond line');
});
