// Builds the REST client from the settings (base URL, effective key, language) and provides it.
// When any of the three changes, the query cache is cleared first, so no page shows data of the
// previous service, key or language; the old client's queued requests are dropped. A change of
// service (base URL or key) also empties the parlay slip: its legs are the old service's oddsIds.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { createApiClient, type ApiClient } from '../api/client.ts';
import { ApiClientContext } from '../api/use-api-client.ts';
import { slipStore } from '../features/slip/use-slip.ts';
import { effectiveApiKey, serviceIdentity } from '../settings/settings-store.ts';
import { DASHBOARD_ORIGIN, useSettings } from '../settings/use-settings.ts';

export function ApiClientProvider({ children }: { readonly children: ReactNode }) {
  const queryClient = useQueryClient();
  const baseUrl = useSettings((s) => s.baseUrl);
  const lang = useSettings((s) => s.lang);
  const apiKey = useSettings((s) => effectiveApiKey(s, DASHBOARD_ORIGIN));

  // Cleared synchronously inside the settings change, before any page renders with the new client.
  useEffect(
    () =>
      useSettings.subscribe((next, previous) => {
        const identity = (s: typeof next) => [s.baseUrl, s.lang, effectiveApiKey(s, DASHBOARD_ORIGIN)].join('\u0000');
        if (identity(next) === identity(previous)) return;
        queryClient.clear();
        if (serviceIdentity(next, DASHBOARD_ORIGIN) !== serviceIdentity(previous, DASHBOARD_ORIGIN)) slipStore.getState().clear();
      }),
    [queryClient],
  );

  const client = useMemo(() => createApiClient({ baseUrl, apiKey, lang }), [baseUrl, apiKey, lang]);

  const previous = useRef<ApiClient | null>(null);
  useEffect(() => {
    if (previous.current !== null && previous.current !== client) previous.current.scheduler.close();
    previous.current = client;
  }, [client]);

  return <ApiClientContext value={client}>{children}</ApiClientContext>;
}
