import { expect, test, type Page } from '@playwright/test';
import {
  ensureLocalMount,
  ADMIN_PAGES,
  COMBINATIONS,
  makeFixtures,
  NetworkWatch,
  scan,
  settle,
  storageState,
  text,
  type Combination,
  type Fixtures,
} from './a11y-setup';

// Issue 33: axe on every route and the dialogs, in en light and zh dark, at desktop and phone widths.
// Any serious or critical violation fails. One browser context and one page per look; the admin's token
// is made once and put into each context's storage (no login through the form per look). The page is
// loaded twice per look (as a visitor, then signed in); every other route is reached by a client-side
// navigation, as a link would, so the app and axe stay loaded between scans.

let fixtures: Fixtures;
/** A folder of the LOCAL mount with a file and a subfolder, for the explorer's dialogs. */
const EXPLORER_FOLDER = '/local/a11y-axe';

test.beforeAll(async ({ request }) => {
  fixtures = await makeFixtures(request);
  const headers = { Authorization: `Bearer ${fixtures.token}` };
  await ensureLocalMount(request, fixtures.token);
  for (const path of [EXPLORER_FOLDER, `${EXPLORER_FOLDER}/sub`])
    await request.post('/api/fs/mkdir', { headers, data: { path } });
  const saved = await request.post('/api/fs/update', {
    headers,
    data: { path: `${EXPLORER_FOLDER}/notes.txt`, content: 'notes for the accessibility check\n' },
  });
  expect(saved.ok()).toBe(true);
});

/** Collects what every scan of one look finds; the test fails once, at the end, with the whole list. */
class Scanner {
  readonly found: string[] = [];
  readonly network: NetworkWatch;
  constructor(
    readonly page: Page,
    readonly look: Combination,
  ) {
    this.network = new NetworkWatch(page);
  }
  t(key: string, values?: Record<string, string>): string {
    return text(this.look.language, key, values);
  }
  async settle(): Promise<void> {
    await settle(this.page, this.network);
  }
  /** A full page load: the first of a look, and the first after signing in. */
  async load(path: string, label = path): Promise<void> {
    await this.page.goto(path);
    await this.settle();
    await this.scan(label);
  }
  /** A client-side navigation (what a link does): the router renders `path` in the page already loaded. */
  async visit(path: string, label = path): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(this.page).toHaveURL((url) => url.pathname + url.search === path);
    await this.settle();
    await this.scan(label);
  }
  async scan(label: string): Promise<void> {
    this.found.push(...(await scan(this.page, `${this.look.name} ${label}`)));
  }
  /** Opens a dialog with `open`, scans the page with it open, and closes it with Escape. */
  async dialog(label: string, open: () => Promise<void>): Promise<void> {
    await open();
    await expect(
      this.page.getByRole('dialog').or(this.page.getByRole('alertdialog')).or(this.page.getByRole('menu')),
    ).toBeVisible();
    await this.settle();
    await this.scan(label);
    await this.page.keyboard.press('Escape');
  }
}

async function visitorPages(s: Scanner): Promise<void> {
  await s.load('/');
  for (const path of ['/upload', '/mount-explorer', '/404', '/admin']) await s.visit(path);
  await s.visit(`/paste/${fixtures.paste}`, '/paste/:slug');
  await s.visit(`/paste/${fixtures.lockedPaste}`, '/paste/:slug (locked)');
  await s.visit(`/file/${fixtures.file}`, '/file/:slug');
  await s.visit(`/file/${fixtures.lockedFile}`, '/file/:slug (locked)');
}

async function headerMenus(s: Scanner, phone: boolean): Promise<void> {
  const { page } = s;
  // On a phone the language menu is inside the header's menu.
  if (phone) {
    await page.getByRole('button', { name: s.t('nav.openMenu') }).click();
    await expect(page.getByRole('button', { name: s.t('nav.closeMenu') })).toBeVisible();
    await s.scan('header menu open');
  }
  const language = page.getByRole('button', { name: s.t('nav.language') }).filter({ visible: true });
  await s.dialog('language menu', () => language.click());
  // Escape in the language menu may have closed the header's menu too (its Escape closes it from anywhere).
  const close = page.getByRole('button', { name: s.t('nav.closeMenu') });
  if (phone && (await close.isVisible())) await close.click();
}

async function adminDialogs(s: Scanner, phone: boolean): Promise<void> {
  const { page } = s;
  await s.visit('/admin/text-management');
  await s.dialog('edit text dialog', () =>
    page.getByRole('button', { name: s.t('texts.actions.editNamed', { slug: fixtures.paste }) }).click(),
  );
  await s.dialog('delete text dialog', () =>
    page.getByRole('button', { name: s.t('texts.actions.deleteNamed', { slug: fixtures.paste }) }).click(),
  );
  if (phone) {
    await s.dialog('admin menu drawer', () =>
      page.getByRole('button', { name: s.t('admin.sidebar.openMenu'), exact: false }).click(),
    );
  }

  await s.visit('/admin/storage-config');
  await s.dialog('storage config dialog', () =>
    page
      .getByRole('button', { name: s.t('storage.create') })
      .first()
      .click(),
  );

  await s.visit('/admin/key-management');
  await s.dialog('create key dialog', () =>
    page
      .getByRole('button', { name: s.t('keys.create') })
      .first()
      .click(),
  );
  await page
    .getByRole('button', { name: s.t('keys.create') })
    .first()
    .click();
  await page.getByRole('dialog').getByLabel(s.t('keys.form.name'), { exact: true }).fill(`axe ${s.look.name}`);
  await s.dialog('key created dialog', () =>
    page.getByRole('dialog').getByLabel(s.t('keys.form.name'), { exact: true }).press('Enter'),
  );

  await s.visit(`/paste/${fixtures.paste}`, '/paste/:slug (owner)');
  await page.getByRole('button', { name: s.t('paste.view.edit'), exact: true }).click();
  await expect(page.getByRole('textbox', { name: s.t('paste.editor.content') })).toBeFocused();
  await s.settle();
  await s.scan('/paste/:slug (owner, editing)');
  await s.visit(`/file/${fixtures.file}`, '/file/:slug (owner)');
}

/** The mount explorer signed in: its page and every dialog it opens. */
async function explorerDialogs(s: Scanner): Promise<void> {
  const { page } = s;
  await s.visit(`/mount-explorer${EXPLORER_FOLDER}`, '/mount-explorer/:path');
  const list = page.getByRole('listbox', { name: s.t('explorer.listLabel', { path: EXPLORER_FOLDER }) });
  const file = list.getByRole('option', { name: /notes\.txt/ });
  const menuFor = () => file.locator('[data-menu-button]').click();
  const menuItem = (action: string) =>
    page
      .getByRole('menu')
      .getByRole('menuitem', { name: s.t(`explorer.actions.${action}`) })
      .click();

  await s.dialog('explorer new folder dialog', () =>
    page.getByRole('button', { name: s.t('explorer.actions.newFolder') }).click(),
  );
  await file.click();
  await s.dialog('explorer rename dialog', () => list.press('F2'));
  await s.dialog('explorer delete dialog', () => list.press('Delete'));
  await s.dialog('explorer entry menu', menuFor);
  await menuFor();
  await s.dialog('explorer copy picker', () => menuItem('copy'));
  await menuFor();
  await s.dialog('explorer share dialog', () => menuItem('share'));
  await menuFor();
  await menuItem('basket');
  await s.dialog('explorer basket', () =>
    page.getByRole('button', { name: new RegExp(`^${s.t('fsBasket.title')}`) }).click(),
  );
  await s.dialog('explorer task manager', () =>
    page.getByRole('button', { name: new RegExp(`^${s.t('fsTasks.button')}`) }).click(),
  );
  await s.dialog('explorer uploads sheet', () =>
    page.getByRole('button', { name: s.t('explorer.uploads'), exact: true }).click(),
  );
  await s.dialog('explorer search', async () => {
    await page.getByRole('button', { name: s.t('fsSearch.open') }).click();
    await page.getByRole('dialog').getByRole('searchbox').fill('notes');
    await expect(page.getByRole('dialog').getByText('notes.txt').first()).toBeVisible();
  });
  await s.dialog('explorer preview', () => list.press('Enter'));
}

for (const look of COMBINATIONS) {
  test(`axe: every route and the main dialogs in ${look.name}`, async ({ browser, baseURL }) => {
    // Some 35 scans; axe's contrast check is the slow part on a busy machine.
    test.setTimeout(480_000);
    const context = await browser.newContext({
      viewport: look.viewport,
      locale: look.language,
      storageState: storageState(baseURL!, look),
    });
    const page = await context.newPage();
    const s = new Scanner(page, look);
    const phone = look.viewport.width < 768;

    await visitorPages(s);
    await headerMenus(s, phone);

    // The admin's pages: the same context, signed in with the token made once.
    await page.evaluate((token) => localStorage.setItem('admin_token', token), fixtures.token);
    const [first, ...rest] = ADMIN_PAGES;
    await s.load(`/admin/${first}`);
    for (const admin of rest) await s.visit(`/admin/${admin}`);
    await adminDialogs(s, phone);
    await explorerDialogs(s);

    await context.close();
    expect(s.found, s.found.join('\n')).toEqual([]);
  });
}
