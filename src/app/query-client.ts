// The React Query client of the dashboard: no retry where retrying cannot help (4xx, an endpoint
// the service does not offer; 429s are already waited out by the scheduler), a refused query (401,
// 403) never asked again by itself, and a 401 from any query sends the user to the settings.
import {
  QueryCache,
  QueryClient,
  type DefaultedQueryObserverOptions,
  type DefaultError,
  type Query,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { isPermanentFailure, isRefusal, isUnauthorized, type ApiError } from '../api/api-error.ts';

/** Retries of a query that failed for a transient reason (network, 5xx). */
const TRANSIENT_RETRIES = 2;

/** True when React Query should try `error` again after `failureCount` failures. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isPermanentFailure(error) && failureCount < TRANSIENT_RETRIES;
}

/**
 * A query client on which a query the service refused (401, 403) stays refused: invalidation,
 * intervals, focus, reconnect and new observers leave it alone, so a key lacking an endpoint costs
 * one request per query, not one every refresh. The refusal ends when the base URL, the key or the
 * language changes, because the app then clears the cache (ApiClientProvider); an explicit
 * `refetch()` (a "Try again" button) still asks.
 */
class RefusalAwareQueryClient extends QueryClient {
  // A query's own `enabled` replaces any default, so the rule wraps whatever each query sets.
  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    // Already defaulted (and so already wrapped) options come back unchanged.
    if (options._defaulted === true) return super.defaultQueryOptions(options);
    const defaulted = super.defaultQueryOptions(options);
    const own = defaulted.enabled;
    return {
      ...defaulted,
      enabled: (query: Query<TQueryFnData, TError, TQueryData, TQueryKey>) =>
        !isRefusal(query.state.error) && (typeof own === 'function' ? own(query) : own !== false),
    };
  }
}

export function createQueryClient(options: { readonly onUnauthorized: (error: ApiError) => void }): QueryClient {
  return new RefusalAwareQueryClient({
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
