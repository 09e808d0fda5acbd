import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Retrying a 4xx cannot help; one retry covers a dropped connection. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  // TanStack Query takes the app to be online until an `offline` event: a page loaded offline fetched,
  // failed and showed "could not load" over the list put back from the offline copy a moment before.
  // From the browser's own answer, queries wait for the connection instead (and refetch when it is back).
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // 'always': offline, a write runs and fails at once (or is queued, lib/offline) instead of pausing unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
