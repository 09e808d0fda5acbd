import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { loginAsAdmin } from './helpers';

// Journeys: text shares end to end — the editor, a password with a view limit, and XSS payloads.

const DOCUMENT = [
  '# Trip notes',
  '',
  'Pack **sunscreen** and a [map](https://example.com/map).',
  '',
  '| Day | Place |',
  '| --- | ----- |',
  '| 1   | Lyon  |',
  '',
  '- [x] Book the train',
  '- [ ] Buy snacks',
].join('\n');

const PASSWORD = 'e2e-paste-Password-1';

/** A visitor who has never been here: a new browser context (no cookies, storage or token). */
async function visit(
  browser: Browser,
  url: string,
): Promise<{ page: Page; context: BrowserContext; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(url);
  return { page, context, close: () => context.close() };
}

async function unlockAndRead(page: Page): Promise<void> {
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Unlock' }).click();
  const body = page.locator('.markdown-body');
  await expect(page.getByRole('heading', { name: 'Trip notes', level: 1 }).last()).toBeVisible();
  await expect(body.locator('strong')).toHaveText('sunscreen');
  await expect(body.locator('table td').first()).toHaveText('1');
  await expect(body.locator('input[type="checkbox"]')).toHaveCount(2);
}

test('a Markdown paste with a password and two views: created in the editor, read twice, then used up', async ({
  page,
  browser,
}) => {
  // Four browser contexts and the editor's and renderer's chunks: more than the default 30 s on a busy CI machine.
  test.setTimeout(90_000);
  await loginAsAdmin(page);
  await page.goto('/');

  await page.getByRole('textbox', { name: 'Markdown content' }).fill(DOCUMENT);
  // The live preview renders what was typed.
  await expect(
    page.getByRole('region', { name: 'Preview' }).getByRole('heading', { name: 'Trip notes' }),
  ).toBeVisible();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Max views').fill('2');
  await page.getByLabel('Expiry').selectOption('week');
  await page.getByLabel('Remark').fill('e2e trip');
  await page.getByRole('button', { name: 'Create share' }).click();

  const shareLink = page.getByLabel('Share link');
  await expect(shareLink).toHaveValue(/\/paste\/[A-Za-z0-9_-]+$/);
  const link = await shareLink.inputValue();
  await expect(page.getByRole('img', { name: 'QR code to open this paste' })).toBeVisible();

  // First visitor: a wrong password is refused (and costs no view), the right one shows the document.
  const first = await visit(browser, link);
  await first.page.getByLabel('Password').fill('not-the-password');
  await first.page.getByRole('button', { name: 'Unlock' }).click();
  await expect(first.page.getByText('Wrong password')).toBeVisible();
  await unlockAndRead(first.page);
  await expect(first.page.getByText('This was the last allowed view')).toHaveCount(0);
  await first.close();

  // Second visitor: the last allowed view, and told so.
  const second = await visit(browser, link);
  await unlockAndRead(second.page);
  await expect(second.page.getByText('This was the last allowed view')).toBeVisible();
  await second.close();

  // Third visitor: nothing left to see.
  const third = await visit(browser, link);
  await expect(third.page.getByRole('heading', { name: /used up/ })).toBeVisible();
  await expect(third.page.getByLabel('Password')).toHaveCount(0);
  await third.close();
});

const XSS_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '[click me](javascript:alert(1))',
  '<svg onload=alert(1)></svg>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">raw anchor</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '![image](x" onerror="alert(1))',
  '$\\href{javascript:alert(1)}{math link}$',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
].join('\n\n');

test('XSS payloads in a paste render as inert text', async ({ page, browser }) => {
  await loginAsAdmin(page);
  // Seeded through the API with the admin's session token.
  const token = await page.evaluate(() => localStorage.getItem('admin_token'));
  const response = await page.request.post('/api/paste', {
    headers: { Authorization: `Bearer ${token}` },
    data: { content: `# Payloads\n\n${XSS_PAYLOADS}`, expiry: 'hour' },
  });
  expect(response.status()).toBe(201);
  const { slug } = (await response.json()).data as { slug: string };

  const visitor = await visit(browser, '/');
  const dialogs: string[] = [];
  const watch = (target: Page) =>
    target.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  watch(visitor.page);
  // Links open in new tabs: watch those too.
  visitor.context.on('page', watch);
  await visitor.page.goto(`/paste/${slug}`);

  const body = visitor.page.locator('.markdown-body');
  await expect(body.getByRole('heading', { name: 'Payloads' })).toBeVisible();
  // Raw HTML shows as text instead of becoming elements.
  await expect(body).toContainText('<script>alert(1)</script>');
  await expect(body).toContainText('<img src=x onerror=alert(1)>');

  // Try the things a victim would do: click every link in the document.
  for (const link of await body.locator('a').all())
    await link.click({ modifiers: ['ControlOrMeta'] }).catch(() => undefined);
  await visitor.page.waitForTimeout(500);

  const dangerous = await visitor.page.evaluate(() => ({
    // index.html's own start-up script in <head> (allowed by its hash in the CSP) is not the paste's.
    scripts: Array.from(document.querySelectorAll<HTMLScriptElement>('body script')).filter((script) => !script.src)
      .length,
    frames: document.querySelectorAll('iframe, object, embed').length,
    handlers: Array.from(document.querySelectorAll('*')).filter((element) =>
      Array.from(element.attributes).some((attribute) => attribute.name.startsWith('on')),
    ).length,
    scriptUrls: Array.from(document.querySelectorAll('[href], [src]')).filter((element) =>
      /^\s*(javascript|data:text\/html)/i.test(element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
    ).length,
  }));
  expect(dangerous).toEqual({ scripts: 0, frames: 0, handlers: 0, scriptUrls: 0 });
  expect(dialogs).toEqual([]);
  await visitor.close();
});

test("the editor's search panel speaks the page's language", async ({ page }) => {
  await loginAsAdmin(page);
  await page.evaluate(() => localStorage.setItem('language', 'zh-CN'));
  await page.goto('/');
  const editor = page.getByRole('textbox', { name: 'Markdown 内容' });
  await editor.fill('查找我');
  await editor.press('ControlOrMeta+f');
  await expect(page.getByRole('textbox', { name: '查找' })).toBeFocused();
  await expect(page.getByRole('button', { name: '全部替换' })).toBeVisible();
  await expect(page.getByRole('button', { name: '关闭' })).toBeVisible();
});
