import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '../lib/api-client.ts';

const maxRetries = 3;

/**
 * The specification's data-fetching defaults: cached data kept 5 minutes, failed queries retried
 * 3 times with exponential back-off capped at 30 s. A 4xx answer will not change on retry, so it is not retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime: 30_000,
        retry: (failureCount, error) => {
          const clientError = error instanceof ApiRequestError && error.status >= 400 && error.status < 500;
          return !clientError && failureCount < maxRetries;
        },
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
