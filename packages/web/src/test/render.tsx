import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../app/providers';
import { i18n } from '../lib/i18n';

/** Renders inside the app's providers (English, a fresh query cache without retries) and a router. */
export function renderWithApp(ui: ReactNode, { route = '/' }: { route?: string } = {}): RenderResult {
  void i18n.changeLanguage('en');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}
