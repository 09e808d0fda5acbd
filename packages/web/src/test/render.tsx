import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { i18n } from '../lib/site/i18n';

type TestRouter = ReturnType<typeof createMemoryRouter>;

/**
 * Renders inside the app's providers (English, a fresh query cache without retries) and a data router
 * like the app's, so pages may block navigation (useBlocker); `router` navigates as a link would.
 * `ui` is shown at `path` (any path by default); elsewhere the page is empty, as if left.
 */
export function renderWithApp(
  ui: ReactNode,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
): RenderResult & { router: TestRouter } {
  void i18n.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routes =
    path === '*'
      ? [{ path, element: ui }]
      : [
          { path, element: ui },
          { path: '*', element: null },
        ];
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
