// The React Query client of the dashboard: no retry where retrying cannot help (4xx, an endpoint
// the service does not offer; 429s are already waited out by the scheduler), and a 401 from any
// query sends the user to the settings.
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { isPermanentFailure, isUnauthorized, type ApiError } from '../api/api-error.ts';

/** Retries of a query that failed for a transient reason (network, 5xx). */
const TRANSIENT_RETRIES = 2;

/** True when React Query should try `error` again after `failureCount` failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isPermanentFailure(error) && failureCount < TRANSIENT_RETRIES;
}

export function createQueryClient(options: { readonly onUnauthorized: (error: ApiError) => void }): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) options.onUnauthorized(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 10_000),
      },
    },
  });
}
