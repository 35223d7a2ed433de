// What the settlement lookup reads for its legs, all through React Query: each fixture's view
// and settlement, the legs' markets from the catalogue, and the recorded prices of the legs that
// name a bookmaker (one history request per fixture). From a service that offers no settlement
// (404/501), a finished fixture is graded here from its final score instead.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { NotOfferedError } from '../../api/api-error.ts';
import { fixtureHistoryQuery, fixturesQuery, marketsByOutcomesQuery, settlementQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import type { FixtureHistoricalOddsResponse, SettlementResponse } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { gradeFromFinalScore, type LookupLeg } from './settlement-lookup.ts';

export interface SettlementData {
  readonly fixtureIds: readonly string[];
  readonly views: ReadonlyMap<string, FixtureView>;
  readonly settlements: ReadonlyMap<string, SettlementResponse>;
  readonly settlementErrors: ReadonlyMap<string, unknown>;
  /** Fixtures whose settlement was graded here from the final score (the service offers none). */
  readonly gradedHere: ReadonlySet<string>;
  readonly marketsByOutcome: ReadonlyMap<number, Market>;
  readonly histories: ReadonlyMap<string, FixtureHistoricalOddsResponse>;
  readonly historyErrors: ReadonlyMap<string, unknown>;
  readonly loading: boolean;
  readonly lookupError: unknown;
}

export function useSettlementData(legs: readonly LookupLeg[]): SettlementData {
  const client = useApiClient();
  const fixtureIds = useMemo(() => [...new Set(legs.map((l) => l.fixtureId))].sort(), [legs]);
  const outcomeIds = useMemo(() => [...new Set(legs.map((l) => l.outcomeId))].sort((a, b) => a - b), [legs]);
  const oddsIdsByFixture = useMemo(
    () => fixtureIds.map((fixtureId) => legs.flatMap((l) => (l.fixtureId === fixtureId && l.oddsId !== null ? [l.oddsId] : [])).sort()),
    [fixtureIds, legs],
  );

  const fixtures = useQuery({ ...fixturesQuery(client, { fixtureIds }), enabled: fixtureIds.length > 0 });
  const markets = useQuery({ ...marketsByOutcomesQuery(client, outcomeIds), enabled: outcomeIds.length > 0 });
  const settlements = useQueries({ queries: fixtureIds.map((fixtureId) => ({ ...settlementQuery(client, fixtureId), retry: false })) });
  const histories = useQueries({
    queries: fixtureIds.map((fixtureId, i) => {
      const oddsIds = oddsIdsByFixture[i] ?? [];
      return { ...fixtureHistoryQuery(client, { fixtureId, oddsIds }), enabled: oddsIds.length > 0, retry: false };
    }),
  });

  const pick = <T,>(results: readonly { data?: T; error: unknown }[]) => {
    const data = new Map<string, T>();
    const errors = new Map<string, unknown>();
    results.forEach((r, i) => {
      const id = fixtureIds[i] ?? '';
      if (r.data !== undefined) data.set(id, r.data);
      if (r.error != null) errors.set(id, r.error);
    });
    return { data, errors };
  };
  const s = pick(settlements);
  const h = pick(histories);
  const views = new Map((fixtures.data ?? []).map((v) => [v.fixtureId, v]));
  const marketsByOutcome = new Map((markets.data ?? []).flatMap((m) => m.outcomes.map((o) => [o.outcomeId, m] as const)));

  const gradedHere = new Set<string>();
  for (const [fixtureId, error] of s.errors) {
    const view = views.get(fixtureId);
    if (!(error instanceof NotOfferedError) || view === undefined || markets.isPending) continue;
    const local = gradeFromFinalScore(view, legs, marketsByOutcome);
    if (local === null) continue;
    s.data.set(fixtureId, local);
    s.errors.delete(fixtureId);
    gradedHere.add(fixtureId);
  }

  return {
    fixtureIds,
    views,
    settlements: s.data,
    settlementErrors: s.errors,
    gradedHere,
    marketsByOutcome,
    histories: h.data,
    historyErrors: h.errors,
    loading: fixtures.isPending || settlements.some((r) => r.isPending),
    lookupError: fixtures.error ?? markets.error,
  };
}
