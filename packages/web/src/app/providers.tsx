import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from '../components/ui/toaster';
import { i18n } from '../lib/site/i18n';
import { createQueryClient } from '../lib/api/query-client';
import { AuthEffects } from './auth-effects';
import { PwaLayer } from './pwa/pwa-layer';

/** Everything the app needs around the router; tests pass their own query client. */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        {children}
        <AuthEffects />
        <PwaLayer />
        <Toaster />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
