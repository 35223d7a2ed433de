// The whole market catalogue the key may see: one `/markets?sportId=` call per sport of the key
// (reference data, cached for the session), as catalogue rows in the default order.
import { useQueries, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { marketsBySportQuery, sportsQuery } from '../../api/queries.ts';
import { marketKeys, sportKeys } from '../../api/query-keys.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { catalogueRows, type CatalogueRow } from '../../domain/catalogue-table.ts';
import type { Sport } from '../../wire/shared-schemas.ts';
import type { MarketsResponse } from '../../wire/reference-schemas.ts';

export interface MarketCatalogue {
  /** Every row, default order; empty while loading. */
  readonly rows: readonly CatalogueRow[];
  readonly sports: readonly Sport[];
  readonly isPending: boolean;
  /** The first failure (the sports list or one sport's markets), or null. */
  readonly error: unknown;
  readonly retry: () => void;
}

interface Combined {
  readonly rows: CatalogueRow[];
  readonly isPending: boolean;
  readonly error: unknown;
}

/** Module-level so that React Query re-runs it only when an answer changed (stable `rows`). */
function combine(results: UseQueryResult<MarketsResponse>[]): Combined {
  const pending = results.some((r) => r.isPending);
  return {
    rows: pending ? [] : catalogueRows(results.flatMap((r) => r.data ?? [])),
    isPending: pending,
    error: results.find((r) => r.error !== null)?.error ?? null,
  };
}

/** The catalogue of every sport the key may see (the API answers names in the settings' language). */
export function useMarketCatalogue(): MarketCatalogue {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const sports = useQuery(sportsQuery(client));
  const markets = useQueries({
    queries: (sports.data ?? []).map((sport) => marketsBySportQuery(client, sport.sportId)),
    combine,
  });
  return {
    rows: markets.rows,
    sports: sports.data ?? [],
    isPending: sports.isPending || markets.isPending,
    error: sports.error ?? markets.error,
    retry: () => {
      void queryClient.refetchQueries({ queryKey: sportKeys.all });
      void queryClient.refetchQueries({ queryKey: marketKeys.all });
    },
  };
}
