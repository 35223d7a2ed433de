// The React face of the REST client: the context the app fills with the client built from the
// settings, the hook that reads it, and the scheduler's status for a rate-limit indicator.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ApiClient } from './client.ts';
import type { SchedulerStatus } from './scheduler.ts';

/** The client of the current settings; `src/app/providers.tsx` provides it. */
export const ApiClientContext = createContext<ApiClient | null>(null);

/**
 * The REST client of the current settings (base URL, key, language); pass it to the
 * `queryOptions` factories of ./queries.ts.
 * @throws Error when rendered outside the app's providers.
 */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (client === null) throw new Error('useApiClient must be used inside ApiClientProvider (src/app/providers.tsx).');
  return client;
}

/** Requests pending and the end of a 429 wait in force, re-rendering when either changes. */
export function useSchedulerStatus(): SchedulerStatus {
  const { scheduler } = useApiClient();
  return useSyncExternalStore(
    (listener) => scheduler.subscribe(listener),
    () => scheduler.getStatus(),
  );
}

/** The endpoints the current service answered 404/501 for so far, re-rendering when one is learnt. */
export function useNotOfferedEndpoints(): readonly string[] {
  const { notOffered } = useApiClient();
  return useSyncExternalStore(
    (listener) => notOffered.subscribe(listener),
    () => notOffered.list(),
  );
}
