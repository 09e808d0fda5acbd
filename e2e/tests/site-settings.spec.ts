import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config';
import { loginAsAdmin } from './helpers';

const TITLE = 'Harbour Drop';
const FOOTER = 'Kept by **the harbour team**';
const ANNOUNCEMENT = 'Maintenance on **Friday** at 18:00';

// Journey: the admin edits the site settings; a visitor in a fresh browser sees them at once and closes
// the announcement for good.
test('site title, footer and announcement reach visitors; the announcement can be dismissed', async ({
  page,
  browser,
}) => {
  // Two browser contexts and the lazily loaded Markdown renderer: more than the default budget on a busy machine.
  test.slow();
  await loginAsAdmin(page);
  await page.getByRole('link', { name: 'Site', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Site settings' })).toBeVisible();

  await page.getByLabel('Site title', { exact: true }).fill(TITLE);
  await page.getByLabel('Footer text', { exact: true }).fill(FOOTER);
  await page.getByRole('switch', { name: 'Show the announcement' }).click();
  await page.getByLabel('Announcement text', { exact: true }).fill(ANNOUNCEMENT);
  // The live preview renders the Markdown before anything is saved.
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong', { hasText: 'Friday' })).toBeVisible();
  await expect(page.getByText('4 unsaved changes')).toBeVisible();

  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByText('All changes saved')).toBeVisible();
  // The admin's own tab refreshed its cached site config at once.
  await expect(page).toHaveTitle(`${TITLE} - Site`);

  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL, locale: 'en-US' });
  const guest = await visitor.newPage();
  await guest.goto('/');
  await expect(guest).toHaveTitle(new RegExp(`^${TITLE} - `));
  await expect(guest.getByRole('banner')).toContainText(TITLE);
  await expect(guest.getByRole('contentinfo')).toHaveText('Kept by the harbour team');
  const notice = guest.getByRole('region', { name: 'Announcement' });
  await expect(notice).toHaveText('Maintenance on Friday at 18:00');
  await expect(notice.locator('strong')).toHaveText('Friday');

  await notice.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(notice).toBeHidden();
  await guest.reload();
  await expect(guest.getByRole('contentinfo')).toHaveText('Kept by the harbour team');
  await expect(notice).toBeHidden();
  await visitor.close();
});

// Later journeys in the same run see the stock site again.
test.afterAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const login = await api.post('/api/admin/login', { data: ADMIN });
  const { data } = (await login.json()) as { data: { token: string } };
  await api.put('/api/admin/settings/group/4', {
    headers: { Authorization: `Bearer ${data.token}` },
    data: {
      site_title: 'Driftbox',
      site_footer_markdown: '© 2026 Driftbox',
      site_announcement_enabled: false,
      site_announcement_content: '',
    },
  });
  await api.dispose();
});
