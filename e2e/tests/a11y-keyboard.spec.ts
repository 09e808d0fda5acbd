import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import {
  COMBINATIONS,
  PASTE_PASSWORD,
  ensureLocalMount,
  makeFixtures,
  storageState,
  type Fixtures,
} from './a11y-setup';

// Issue 33: keyboard-only journeys. Every step is a key press (typing included), and after each one the
// test says where focus is.

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Opens `path` and waits until the app has replaced index.html's first-paint skeleton: a key pressed on the
 * skeleton lands on markup React is about to replace (its focus then falls back to the page).
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('[data-boot-skeleton]')).toHaveCount(0);
}

async function signedInPage(browser: Browser, baseURL: string, token: string) {
  const context = await browser.newContext({
    storageState: storageState(baseURL, COMBINATIONS[0], token),
  });
  return { context, page: await context.newPage() };
}

let fixtures: Fixtures;
test.beforeAll(async ({ request }) => {
  fixtures = await makeFixtures(request);
});

test('keyboard: write a paste and share it', async ({ browser, baseURL }) => {
  const { context, page } = await signedInPage(browser, baseURL!, fixtures.token);
  await open(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const editor = page.getByRole('textbox', { name: 'Markdown content' });
  await tabTo(page, editor);
  await page.keyboard.type('# Keyboard notes\n\nWritten without a mouse.');
  await expect(editor).toBeFocused();
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Keyboard notes' }),
  ).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Create share' }));
  await page.keyboard.press('Enter');
  const created = page.getByRole('heading', { name: 'Share created' });
  await expect(created).toBeFocused();

  // The link to share is the next stop, then its copy button.
  await page.keyboard.press('Tab');
  const link = page.getByRole('textbox', { name: 'Share link', exact: true });
  await expect(link).toBeFocused();
  await expect(link).toHaveValue(/\/paste\/[\w-]+$/);
  const copy = page.getByRole('button', { name: 'Copy the link' });
  await tabTo(page, copy, { max: 3 });
  await page.keyboard.press('Enter');
  await expect(copy).toBeFocused();

  // A client-side navigation by keyboard lands on the new page's heading.
  await tabTo(page, page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Upload' }), {
    back: true,
  });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Upload files', level: 1 })).toBeFocused();
  await context.close();
});

test('keyboard: log in', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, '/admin');
  const username = page.getByLabel('Username');
  await expect(username).toBeFocused();
  await page.keyboard.type(ADMIN.username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(ADMIN.password);
  await page.keyboard.press('Enter');
  // Signed in: the form is gone, focus is on the panel's first page heading.
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();

  // The login tabs: arrow keys stay on the tabs.
  await page.evaluate(() => localStorage.clear());
  await open(page, '/admin');
  await expect(username).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  const passwordTab = page.getByRole('tab', { name: 'Password' });
  await expect(passwordTab).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'API key' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('API key')).toBeFocused();
  await context.close();
});

test('keyboard: create an API key and close its dialog', async ({ browser, baseURL }) => {
  const { context, page } = await signedInPage(browser, baseURL!, fixtures.token);
  await open(page, '/admin/key-management');
  const heading = page.getByRole('heading', { name: 'Key management', level: 1 });
  await expect(heading).toBeVisible();

  const create = page.getByRole('button', { name: 'Create key' }).first();
  await tabTo(page, create);
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await expect(form).toBeVisible();
  const name = form.getByLabel('Name', { exact: true });
  await tabTo(page, name, { max: 20 });
  await page.keyboard.type('keyboard key');
  await page.keyboard.press('Enter');

  const shown = page.getByRole('dialog', { name: /keyboard key/ });
  await expect(shown).toBeVisible();
  await expect(shown.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The form that opened it is gone too: focus goes to the page's heading, not to <body>.
  await expect(heading).toBeFocused();
  await context.close();
});

test('keyboard: upload a file', async ({ browser, baseURL }) => {
  const { context, page } = await signedInPage(browser, baseURL!, fixtures.token);
  await open(page, '/upload');
  await expect(page.getByRole('heading', { name: 'Upload files', level: 1 })).toBeVisible();

  // The drop zone is a button that opens the file picker.
  const pick = page.getByTestId('drop-zone').getByRole('button');
  await tabTo(page, pick);
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'keyboard.txt', mimeType: 'text/plain', buffer: Buffer.from('typed\n') });
  const item = page.getByRole('listitem', { name: 'keyboard.txt' });
  await expect(item.getByText('Ready')).toBeVisible();
  await expect(pick).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Upload', exact: true }));
  await page.keyboard.press('Enter');
  // Upload is spent: focus moves to the queue, where the progress is.
  await expect(page.getByRole('region', { name: 'Upload queue' })).toBeFocused();
  await expect(item.getByText('Done')).toBeVisible({ timeout: 30_000 });
  const link = item.getByLabel('Share link');
  await tabTo(page, link, { max: 20 });
  await expect(link).toHaveValue(/\/file\/[\w-]+$/);
  await context.close();
});

test('keyboard: unlock a paste', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await open(page, `/paste/${fixtures.lockedPaste}`);
  const password = page.getByLabel('Password');
  await expect(password).toBeFocused();
  await page.keyboard.type('not the password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Wrong password')).toBeVisible();
  await expect(password).toBeFocused();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(PASTE_PASSWORD);
  await page.keyboard.press('Enter');
  // The form is gone: focus is on the paste's heading — the page's first h1 (the document's own "# Trip
  // notes" says aria-level 2, but Playwright reads the tag's level, and it may already be there).
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeFocused();
  await expect(page.getByRole('heading', { name: 'Trip notes' }).last()).toBeVisible({ timeout: 15_000 });
  await context.close();
});

/** The entry the explorer's listbox has as its active descendant (where its keys act), by name. */
async function activeEntry(list: Locator): Promise<string | null> {
  return list.evaluate((el) => {
    const id = el.getAttribute('aria-activedescendant');
    return (id && document.getElementById(id)?.getAttribute('data-path')?.split('/').pop()) || null;
  });
}

/** Arrow keys down the focused listbox until `name` is its active entry. */
async function arrowTo(page: Page, list: Locator, name: string): Promise<void> {
  for (let i = 0; i < 30 && (await activeEntry(list)) !== name; i++) await page.keyboard.press('ArrowDown');
  expect(await activeEntry(list)).toBe(name);
}

test('keyboard: browse into folders and rename a file in the mount explorer', async ({ browser, baseURL, request }) => {
  const headers = { Authorization: `Bearer ${fixtures.token}` };
  await ensureLocalMount(request, fixtures.token);
  const root = `/local/kbd-${Date.now().toString(36)}`;
  for (const path of [root, `${root}/docs`]) await request.post('/api/fs/mkdir', { headers, data: { path } });
  for (const name of ['notes.txt', 'todo.txt'])
    await request.post('/api/fs/update', { headers, data: { path: `${root}/docs/${name}`, content: name } });
  const folder = root.split('/').pop()!;

  const { context, page } = await signedInPage(browser, baseURL!, fixtures.token);
  await open(page, '/mount-explorer/local');
  const local = page.getByRole('listbox', { name: 'Entries of /local' });
  await tabTo(page, local);
  await arrowTo(page, local, folder);
  await page.keyboard.press('Enter');
  // Into the folder: its list has the keyboard.
  const inRoot = page.getByRole('listbox', { name: `Entries of ${root}` });
  await expect(inRoot).toBeFocused();
  await arrowTo(page, inRoot, 'docs');
  await page.keyboard.press('Enter');
  const docs = page.getByRole('listbox', { name: `Entries of ${root}/docs` });
  await expect(docs).toBeFocused();

  // F2 renames: the name field has the focus with the part before the extension selected.
  await arrowTo(page, docs, 'notes.txt');
  await page.keyboard.press('F2');
  const dialog = page.getByRole('dialog', { name: 'Rename' });
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.type('minutes');
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // Back on the list, on the renamed file.
  await expect(docs).toBeFocused();
  await expect(docs.getByRole('option', { name: /minutes\.txt/ })).toBeVisible();
  await expect.poll(() => activeEntry(docs)).toBe('minutes.txt');

  // A dialog closed with Escape gives the keyboard back to its opener's row.
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeEntry(docs)).toBe('todo.txt');
  await page.keyboard.press('F2');
  await expect(dialog.getByLabel('Name')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(docs).toBeFocused();
  expect(await activeEntry(docs)).toBe('todo.txt');

  // Shift+F10 opens the entry's menu on its first item; Escape gives the list the keyboard back.
  await page.keyboard.press('Shift+F10');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(docs).toBeFocused();
  expect(await activeEntry(docs)).toBe('todo.txt');

  // Backspace goes up: the folder one came from is the active entry.
  await page.keyboard.press('Backspace');
  await expect(inRoot).toBeFocused();
  await expect.poll(() => activeEntry(inRoot)).toBe('docs');
  await page.keyboard.press('Backspace');
  await expect(local).toBeFocused();
  await expect.poll(() => activeEntry(local)).toBe(folder);
  await context.close();
});
