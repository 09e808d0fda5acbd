import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN_PAGES,
  COMBINATIONS,
  makeFixtures,
  scan,
  settle,
  storageState,
  text,
  type Combination,
  type Fixtures,
} from './a11y-setup';

// Issue 33: axe on every route and the main dialogs, in en light and zh dark, at desktop and phone widths.
// Any serious or critical violation fails. One browser context per look; the admin's token is made once
// and put into each context's storage (no login through the form per look).

let fixtures: Fixtures;

test.beforeAll(async ({ request }) => {
  fixtures = await makeFixtures(request);
});

/** Collects what every scan of one look finds; the test fails once, at the end, with the whole list. */
class Scanner {
  readonly found: string[] = [];
  constructor(
    readonly page: Page,
    readonly look: Combination,
  ) {}
  t(key: string, values?: Record<string, string>): string {
    return text(this.look.language, key, values);
  }
  async visit(path: string, label = path): Promise<void> {
    await this.page.goto(path);
    await settle(this.page);
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
    await settle(this.page);
    await this.scan(label);
    await this.page.keyboard.press('Escape');
  }
}

async function visitorPages(s: Scanner): Promise<void> {
  for (const path of ['/', '/upload', '/mount-explorer', '/404', '/admin']) await s.visit(path);
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
  await settle(page);
  await s.scan('/paste/:slug (owner, editing)');
  await s.visit(`/file/${fixtures.file}`, '/file/:slug (owner)');
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
    for (const admin of ADMIN_PAGES) await s.visit(`/admin/${admin}`);
    await adminDialogs(s, phone);

    await context.close();
    expect(s.found, s.found.join('\n')).toEqual([]);
  });
}
