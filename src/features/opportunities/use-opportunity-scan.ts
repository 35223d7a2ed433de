// The page's end of the opportunities scan: tells the stream worker what to scan with (the chosen
// fair line, de-vig method, commission, hidden books, books I can bet at) and which rows are in
// view, hands it the market catalogue of every sport, and reads back only those rows.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { marketsBySportQuery, sportsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { OpportunityView, ScanConfig, ScanView } from '../../book/opportunity-scanner.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { useStreamConnection } from '../../stream/use-stream.ts';

export interface OpportunityScan {
  /** The rows of the view last asked for (null until the worker answered). */
  readonly view: OpportunityView | null;
  /** Whether a worker scans here (false in jsdom and browsers without workers). */
  readonly scanning: boolean;
  /** Sports whose catalogue could not be loaded (their markets are not scanned). */
  readonly catalogueErrors: number;
  readonly sports: readonly { readonly sportId: number; readonly sportName: string }[];
  /** Every market type of the loaded catalogues, sorted: the market families to filter by. */
  readonly families: readonly string[];
}

const NO_SUBSCRIBE = () => () => undefined;

/** Module-level so that React Query re-runs it only when an answer changed (a stable result). */
function combineCatalogues(results: readonly { readonly data?: readonly Market[] | undefined; readonly isError: boolean }[]) {
  const loaded = results.map((r) => r.data);
  const families = [...new Set(loaded.flatMap((markets) => (markets ?? []).map((m) => m.marketType)))].sort();
  return { loaded, families, errors: results.filter((r) => r.isError).length };
}

/** Scans with `method` and `bettable` (empty: every book), answering `view`. */
export function useOpportunityScan(method: DevigMethod, bettable: readonly string[], view: ScanView): OpportunityScan {
  const connection = useStreamConnection();
  const client = useApiClient();
  const fairLine = useFairLine();
  const [prefs] = useBoardPrefs();
  const sports = useQuery(sportsQuery(client));
  const sportIds = useMemo(() => (sports.data ?? []).map((s) => s.sportId), [sports.data]);
  const catalogues = useQueries({ queries: sportIds.map((sportId) => marketsBySportQuery(client, sportId)), combine: combineCatalogues });

  const config = useMemo<ScanConfig>(
    () => ({
      fairLine: { weights: fairLine.weights, minBooks: fairLine.minBooks, requiredBook: fairLine.requiredBook },
      method,
      commission: prefs.commission,
      bettable: bettable.length === 0 ? null : bettable,
      hidden: prefs.hidden,
    }),
    [fairLine, method, prefs.commission, prefs.hidden, bettable],
  );
  const request = useMemo(() => JSON.stringify({ config, view }), [config, view]);
  useEffect(() => {
    if (connection === null) return;
    connection.scan(JSON.parse(request) as { config: ScanConfig; view: ScanView });
  }, [connection, request]);
  useEffect(() => {
    if (connection === null) return undefined;
    return () => {
      connection.scan(null);
    };
  }, [connection]);

  // Each sport's catalogue once, as it lands (the worker merges them).
  const { loaded, families, errors } = catalogues;
  const sent = useRef(new WeakSet<object>());
  useEffect(() => {
    if (connection === null) return;
    for (const markets of loaded) {
      if (markets === undefined || sent.current.has(markets)) continue;
      sent.current.add(markets);
      connection.scanCatalogue(markets);
    }
  }, [connection, loaded]);

  const subscribe = useCallback((listener: () => void) => (connection === null ? NO_SUBSCRIBE() : connection.subscribeOpportunities(listener)), [connection]);
  const rows = useSyncExternalStore(subscribe, () => connection?.getOpportunities() ?? null);
  return {
    view: rows,
    scanning: connection !== null && connection.kind !== 'none',
    catalogueErrors: errors,
    sports: sports.data ?? [],
    families,
  };
}
