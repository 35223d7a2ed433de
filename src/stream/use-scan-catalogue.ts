// The market catalogue of every sport, handed to the stream worker's opportunity scans (a market
// the catalogue does not know is never scanned: its completeness cannot be judged). Used by the
// opportunities page and by the shell's alert watch; each sport's list is sent once per hook as
// it lands (the worker merges them, and keeps them for scans started later).
import { useQueries, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { marketsBySportQuery, sportsQuery } from '../api/queries.ts';
import { useApiClient } from '../api/use-api-client.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { useStreamConnection } from './use-stream.ts';

export interface ScanCatalogue {
  readonly sports: readonly { readonly sportId: number; readonly sportName: string }[];
  /** Every market type of the loaded catalogues, sorted: the market families to filter by. */
  readonly families: readonly string[];
  /** Sports whose catalogue could not be loaded (their markets are not scanned). */
  readonly errors: number;
}

/** Module-level so that React Query re-runs it only when an answer changed (a stable result). */
function combineCatalogues(results: readonly { readonly data?: readonly Market[] | undefined; readonly isError: boolean }[]) {
  const loaded = results.map((r) => r.data);
  const families = [...new Set(loaded.flatMap((markets) => (markets ?? []).map((m) => m.marketType)))].sort();
  return { loaded, families, errors: results.filter((r) => r.isError).length };
}

/** Loads every sport's catalogue while `enabled` and sends each to the worker once. */
export function useScanCatalogue(enabled: boolean): ScanCatalogue {
  const connection = useStreamConnection();
  const client = useApiClient();
  const sports = useQuery({ ...sportsQuery(client), enabled });
  const sportIds = useMemo(() => (enabled ? (sports.data ?? []).map((s) => s.sportId) : []), [enabled, sports.data]);
  const { loaded, families, errors } = useQueries({ queries: sportIds.map((sportId) => marketsBySportQuery(client, sportId)), combine: combineCatalogues });
  const sent = useRef(new WeakSet<object>());
  useEffect(() => {
    if (connection === null) return;
    for (const markets of loaded) {
      if (markets === undefined || sent.current.has(markets)) continue;
      sent.current.add(markets);
      connection.scanCatalogue(markets);
    }
  }, [connection, loaded]);
  return { sports: sports.data ?? [], families, errors };
}
