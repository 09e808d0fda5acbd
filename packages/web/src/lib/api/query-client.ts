import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

/** Retrying a 4xx cannot help; one retry covers a dropped connection. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // 'always': offline, a write runs and fails at once (or is queued, lib/offline) instead of pausing unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
