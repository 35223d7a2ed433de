// Looks up what the slip's legs are called: their fixtures (one `/fixtures` call), markets (one
// `/markets?outcomeIds=` call), players and bookmakers, all through React Query's cache.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { bookmakersQuery, fixturesQuery, marketsByOutcomesQuery, playersByIdsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { parseOddsId, type ParsedOddsId } from '../../domain/ids.ts';
import { legLabel, type LegLabel } from './leg-label.ts';

function parsedLegs(legs: readonly string[]): ParsedOddsId[] {
  const out: ParsedOddsId[] = [];
  for (const oddsId of legs) {
    try {
      out.push(parseOddsId(oddsId));
    } catch {
      // The slip holds only valid oddsIds.
    }
  }
  return out;
}

const unique = <T extends string | number>(items: readonly T[]): T[] => [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The words for each leg (oddsId → label) and the first lookup that failed, if any: a failed
 * lookup leaves identifiers in place of names, never an empty row.
 */
export function useLegLabels(legs: readonly string[]): { readonly labels: ReadonlyMap<string, LegLabel>; readonly error: unknown } {
  const client = useApiClient();
  const parsed = useMemo(() => parsedLegs(legs), [legs]);
  const fixtureIds = useMemo(() => unique(parsed.map((l) => l.fixtureId)), [parsed]);
  const outcomeIds = useMemo(() => unique(parsed.map((l) => l.outcomeId)), [parsed]);
  const playerIds = useMemo(() => unique(parsed.map((l) => l.playerId).filter((id) => id !== 0)), [parsed]);

  const fixtures = useQuery({ ...fixturesQuery(client, { fixtureIds }), enabled: fixtureIds.length > 0, placeholderData: keepPreviousData });
  const markets = useQuery({ ...marketsByOutcomesQuery(client, outcomeIds), enabled: outcomeIds.length > 0, placeholderData: keepPreviousData });
  const players = useQuery({ ...playersByIdsQuery(client, playerIds), enabled: playerIds.length > 0, placeholderData: keepPreviousData });
  const bookmakers = useQuery(bookmakersQuery(client));

  const labels = useMemo(() => {
    const lookups = {
      fixtures: new Map((fixtures.data ?? []).map((v) => [v.fixtureId, v])),
      marketsByOutcome: new Map((markets.data ?? []).flatMap((m) => m.outcomes.map((o) => [o.outcomeId, m] as const))),
      players: new Map((players.data ?? []).map((p) => [p.playerId, p])),
      bookmakers: new Map((bookmakers.data ?? []).map((b) => [b.bookmaker, b])),
    };
    return new Map(parsed.map((leg) => [leg.oddsId, legLabel(leg, lookups)]));
  }, [parsed, fixtures.data, markets.data, players.data, bookmakers.data]);

  const error = fixtures.error ?? markets.error ?? players.error ?? bookmakers.error;
  return { labels, error };
}
