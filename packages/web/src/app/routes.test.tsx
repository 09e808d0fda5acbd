import { Permission, type SettingRow } from '@driftbox/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAuthFromStorage, startAdminSession, startApiKeySession } from '../lib/auth/auth-store';
import { i18n } from '../lib/site/i18n';
import { mockApi, ok } from '../test/http';
import { AppProviders } from './providers';
import { routes } from './routes';

const settings = (footer: string): SettingRow[] => [
  { key: 'site_title', value: 'My Drop', group_id: 4, type: 'text' },
  { key: 'site_footer_markdown', value: footer, group_id: 4, type: 'textarea' },
];

function renderAt(path: string) {
  void i18n.changeLanguage('en');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  reloadAuthFromStorage();
  mockApi({
    'GET /api/admin/settings': () => ok(settings('Hosted by **Ada** <script>alert(1)</script>')),
    'GET /api/test/admin-token': () => ok(null),
    'GET /api/version': () =>
      ok({
        version: '0.1.0',
        name: 'Driftbox',
        environment: 'test',
        storage: 'sqlite',
        nodeVersion: 'v20',
        uptime: 60,
      }),
    'GET /api/admin/api-keys': () => ok([]),
  });
});

describe('footer', () => {
  it('renders the sanitised footer Markdown on public pages', async () => {
    renderAt('/upload');
    // The default footer shows until the site config arrives.
    await waitFor(() => expect(screen.getByRole('contentinfo')).toHaveTextContent('Hosted by Ada'));
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('strong')).toHaveTextContent('Ada');
    expect(footer.querySelector('script')).toBeNull();
    await waitFor(() => expect(document.title).toBe('My Drop - Upload files'));
  });

  it('is hidden in the admin area', async () => {
    startAdminSession('tok');
    renderAt('/admin/key-management');
    expect(await screen.findByRole('heading', { name: 'Key management' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My Drop - Key management'));
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('is hidden when the footer text is empty', async () => {
    mockApi({ 'GET /api/admin/settings': () => ok(settings('   ')) });
    renderAt('/');
    await waitFor(() => expect(document.title).toBe('My Drop - Share text'));
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});

describe('routing and guards', () => {
  it('shows the login form at /admin without redirecting', async () => {
    const router = renderAt('/admin');
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin');
    await waitFor(() => expect(document.title).toBe('My Drop - Log in'));
  });

  it('sends an admin from /admin to the dashboard', async () => {
    startAdminSession('tok');
    const adminRouter = renderAt('/admin');
    await waitFor(() => expect(adminRouter.state.location.pathname).toBe('/admin/dashboard'));
  });

  it('redirects an API key away from admin-only pages and shows only its menu entries', async () => {
    startApiKeySession('k', Permission.TEXT | Permission.TEXT_MANAGE, { id: 'k1', name: 'laptop', basic_path: '/' });
    const router = renderAt('/admin/key-management');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/text-management'));
    const menu = screen.getAllByRole('navigation', { name: 'Admin navigation' })[0]!;
    expect([...menu.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['Text management']);
    expect(screen.getAllByText('laptop').length).toBeGreaterThan(0);
  });

  it('tells a key with share bits only that it has no management page, with no menu entry and a way out', async () => {
    startApiKeySession('k', Permission.TEXT | Permission.FILE_SHARE, { id: 'k1', name: 'laptop', basic_path: '/' });
    const router = renderAt('/admin/text-management');
    expect(await screen.findByText('No management pages for this key')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/text-management');
    const menu = screen.getAllByRole('navigation', { name: 'Admin navigation' })[0]!;
    expect(menu.querySelectorAll('a')).toHaveLength(0);
    expect(screen.queryByRole('heading', { name: 'Text management' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Log out' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Create a share' })).toHaveAttribute('href', '/');
  });

  it('redirects unknown paths home', async () => {
    const router = renderAt('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
