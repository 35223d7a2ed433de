// The tracked bets of the service in the settings, as React state: the page's store of that base URL (read on mount),
// re-rendering on each change, a refresh of the bets whose close or grade is still unknown, and the chosen CLV reference.
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ClvReferenceChoice } from '../../domain/closing-line.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { browserStorage } from '../../settings/safe-storage.ts';
import { readTrackerReference, TrackerStore, writeTrackerReference, type TrackerLoad } from './tracker-store.ts';
import { lacksBookCloses, refreshBet } from './refresh-bet.ts';

/** The store of the current service and its list; asks the service once per visit for what became known. */
export function useTrackerStore(): { readonly store: TrackerStore; readonly load: TrackerLoad } {
  const client = useApiClient();
  const store = useMemo(() => new TrackerStore(browserStorage(), client.baseUrl), [client.baseUrl]);
  const load = useSyncExternalStore(store.subscribe, store.getSnapshot);
  useEffect(() => {
    let cancelled = false;
    const pending = store.getSnapshot().bets.filter((bet) => bet.legs.some((leg) => leg.close.kind === 'open' || lacksBookCloses(leg.close) || leg.grade === null));
    void Promise.all(pending.map((bet) => refreshBet(client, bet).catch(() => null))).then((changed) => {
      const known = changed.filter((bet) => bet !== null);
      // A refused write leaves the stored figures as they were; the next visit asks again.
      if (!cancelled) {
        try {
          store.update(known);
        } catch {
          /* shown by the store's problem on the page */
        }
      }
    });
    return () => {
      cancelled = true;
    };
  }, [client, store]);
  return { store, load };
}

/** The reference the tracker of the current service judges bets against, kept across visits. */
export function useTrackerReference(): readonly [ClvReferenceChoice, (choice: ClvReferenceChoice) => void] {
  const { baseUrl } = useApiClient();
  const [chosen, setChosen] = useState(() => ({ baseUrl, choice: readTrackerReference(browserStorage(), baseUrl) }));
  // Another service in the settings: its own stored choice (adjusted while rendering, no effect).
  const current = chosen.baseUrl === baseUrl ? chosen : { baseUrl, choice: readTrackerReference(browserStorage(), baseUrl) };
  if (current !== chosen) setChosen(current);
  const choose = useCallback(
    (choice: ClvReferenceChoice) => {
      writeTrackerReference(browserStorage(), baseUrl, choice);
      setChosen({ baseUrl, choice });
    },
    [baseUrl],
  );
  return [current.choice, choose];
}
