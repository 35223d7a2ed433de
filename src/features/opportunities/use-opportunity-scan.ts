// The page's end of the opportunities scan: tells the stream worker what to scan with (the chosen
// fair line, de-vig method, commission, hidden books, books I can bet at) and which rows are in
// view, hands it the market catalogue of every sport, and reads back only those rows.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { OpportunityView, ScanConfig, ScanView } from '../../book/opportunity-scanner.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useScanCatalogue } from '../../stream/use-scan-catalogue.ts';
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

/** Scans with `method` and `bettable` (empty: every book), answering `view`. */
export function useOpportunityScan(method: DevigMethod, bettable: readonly string[], view: ScanView): OpportunityScan {
  const connection = useStreamConnection();
  const fairLine = useFairLine();
  const [prefs] = useBoardPrefs();
  const catalogue = useScanCatalogue(true);

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

  const subscribe = useCallback((listener: () => void) => (connection === null ? NO_SUBSCRIBE() : connection.subscribeOpportunities(listener)), [connection]);
  const rows = useSyncExternalStore(subscribe, () => connection?.getOpportunities() ?? null);
  return {
    view: rows,
    scanning: connection !== null && connection.kind !== 'none',
    catalogueErrors: catalogue.errors,
    sports: catalogue.sports,
    families: catalogue.families,
  };
}
