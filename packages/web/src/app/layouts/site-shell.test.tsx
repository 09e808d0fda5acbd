import { STORAGE_KEYS, type SettingRow } from '@driftbox/contract';
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { ANNOUNCEMENT_DISMISSED_KEY } from '../../lib/site/announcement';
import { reloadAuthFromStorage, startAdminSession } from '../../lib/auth/auth-store';
import { CUSTOM_HTML_ATTRIBUTE } from '../../lib/site/custom-html';
import { i18n } from '../../lib/site/i18n';
import { DEFAULT_SITE_CONFIG, siteConfigQuery, type SiteConfig } from '../../lib/site/site-config';
import { mockApi, ok } from '../../test/http';
import { AppProviders } from '../providers';
import { routes } from '../routes';

let site: Partial<SiteConfig>;

const rows = (): SettingRow[] =>
  Object.entries({ ...DEFAULT_SITE_CONFIG, ...site }).map(([key, value]) => ({
    key,
    value,
    group_id: 4,
    type: 'text',
  }));

function renderAt(path: string) {
  void i18n.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
  return queryClient;
}

/** The footer renders through the same lazy Markdown renderer: once it is there, so is the announcement if it should be. */
const footerShown = () => screen.findByText('Run by Ada');

beforeEach(() => {
  reloadAuthFromStorage();
  site = {
    site_footer_markdown: 'Run by Ada',
    site_announcement_enabled: 'true',
    site_announcement_content: '**Maintenance** tonight',
  };
  mockApi({
    'GET /api/admin/settings': () => ok(rows()),
    'GET /api/test/admin-token': () => ok(null),
    'GET /api/admin/api-keys': () => ok([]),
  });
});

describe('the announcement', () => {
  it('shows on public pages, closes, stays closed, and shows again when its text changes', async () => {
    const user = userEvent.setup();
    renderAt('/upload');
    const notice = await screen.findByRole('region', { name: 'Announcement' });
    expect(notice.querySelector('strong')).toHaveTextContent('Maintenance');

    await user.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    expect(localStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBeTruthy();

    cleanup();
    renderAt('/');
    await footerShown();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();

    cleanup();
    site.site_announcement_content = '**Maintenance** moved to Friday';
    localStorage.removeItem(STORAGE_KEYS.siteConfig);
    renderAt('/upload');
    expect(await screen.findByRole('region', { name: 'Announcement' })).toHaveTextContent(
      'Maintenance moved to Friday',
    );
  });

  it('is not shown when disabled, nor in the admin area', async () => {
    site.site_announcement_enabled = 'false';
    renderAt('/upload');
    await footerShown();
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();

    cleanup();
    site.site_announcement_enabled = 'true';
    localStorage.removeItem(STORAGE_KEYS.siteConfig);
    startAdminSession('tok');
    const queryClient = renderAt('/admin/key-management');
    // The admin area is a lazy chunk; on a busy machine it takes a while to load.
    expect(await screen.findByRole('heading', { name: 'Key management' }, { timeout: 10_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryData(siteConfigQuery.queryKey)).toMatchObject({ site_announcement_enabled: 'true' }),
    );
    await act(() => import('../../lib/markdown/basic-preset'));
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });
});

describe('custom head and body HTML and the favicon', () => {
  it('are applied from the site settings and replaced when they change', async () => {
    site = {
      site_custom_head: '<meta name="verify" content="one">',
      site_custom_body: '<div class="chat">Chat one</div>',
      site_favicon_url: 'https://cdn.example/one.png',
    };
    // index.html's icon link, which the shell points at the admin's favicon.
    if (!document.querySelector('link[rel="icon"]'))
      document.head.insertAdjacentHTML('beforeend', '<link rel="icon" type="image/svg+xml" href="/favicon.svg">');
    const queryClient = renderAt('/');
    await waitFor(() => expect(document.head.querySelector('meta[name="verify"]')).toHaveAttribute('content', 'one'));
    expect(document.body.querySelector(`[${CUSTOM_HTML_ATTRIBUTE}="body"]`)).toHaveTextContent('Chat one');
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', 'https://cdn.example/one.png');

    // What refreshSiteConfig does after the admin saves.
    act(() => {
      queryClient.setQueryData(siteConfigQuery.queryKey, {
        ...DEFAULT_SITE_CONFIG,
        site_custom_head: '<meta name="verify" content="two">',
        site_custom_body: '',
        site_favicon_url: 'javascript:alert(1)',
      });
    });
    await waitFor(() => expect(document.head.querySelectorAll('meta[name="verify"]')).toHaveLength(1));
    expect(document.head.querySelector('meta[name="verify"]')).toHaveAttribute('content', 'two');
    expect(document.body.querySelector(`[${CUSTOM_HTML_ATTRIBUTE}="body"]`)).toBeNull();
    expect(document.querySelector('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
  });
});
