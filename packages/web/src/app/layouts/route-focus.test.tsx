import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { reloadAuthFromStorage } from '../../lib/auth/auth-store';
import { i18n } from '../../lib/site/i18n';
import { DEFAULT_SITE_CONFIG } from '../../lib/site/site-config';
import { mockApi, ok } from '../../test/http';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { RouteFocus } from './route-focus';

beforeEach(() => {
  reloadAuthFromStorage();
  mockApi({
    'GET /api/admin/settings': () =>
      ok(Object.entries(DEFAULT_SITE_CONFIG).map(([key, value]) => ({ key, value, group_id: 4, type: 'text' }))),
  });
});

function renderAt(path: string) {
  void i18n.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const announced = () => document.querySelector('[aria-live="polite"][aria-atomic="true"]');

describe('a client-side navigation', () => {
  it("moves focus to the new page's heading and announces its title, unless the page focused a field", async () => {
    const router = renderAt('/404');
    const notFound = await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    // The first page keeps the browser's focus; the skip link's target can take focus, outside the Tab order.
    expect(notFound).not.toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('tabindex', '-1');

    await act(() => router.navigate('/admin'));
    // The login form focuses Username itself: that stays.
    const username = await screen.findByLabelText('Username', {}, { timeout: 10_000 });
    await waitFor(() => expect(announced()).toHaveTextContent('Log in'));
    expect(username).toHaveFocus();

    await act(() => router.navigate('/404'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveFocus());
    await waitFor(() => expect(announced()).toHaveTextContent('Page not found'));
  });
});

describe('a part that keeps the keyboard itself', () => {
  it('keeps the focus it holds across a navigation (the explorer entering a folder)', async () => {
    const page = (key: string) => (
      <main id="main" tabIndex={-1}>
        <h1>Mount explorer</h1>
        <div data-keeps-focus tabIndex={-1} data-testid="panel" />
        <RouteFocus navigationKey={key} title="Mount explorer" />
      </main>
    );
    const { rerender } = render(page('/mount-explorer/a'));
    screen.getByTestId('panel').focus();
    rerender(page('/mount-explorer/a/b'));
    await waitFor(() => expect(announced()).toHaveTextContent('Mount explorer'));
    expect(screen.getByTestId('panel')).toHaveFocus();
    // Elsewhere on the page the heading takes it, as after any navigation.
    screen.getByTestId('panel').blur();
    rerender(page('/mount-explorer/a'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveFocus());
  });
});
