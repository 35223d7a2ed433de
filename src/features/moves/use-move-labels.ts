// What the moves are called: their fixtures (one `/fixtures` call for the fixtures listed) and
// outcomes (one `/markets?outcomeIds=` call), through React Query's cache; ids where a lookup is
// missing, so a row is never blank.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fixturesQuery, marketsByOutcomesQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { MoveEvent } from '../../domain/moves.ts';

export interface MoveLabel {
  readonly fixture: string;
  readonly market: string;
  readonly outcome: string;
}

/** At most this many fixtures are named per request (the rest show their ids). */
const MAX_FIXTURES = 100;

const sortedUnique = <T extends string | number>(items: readonly T[]): T[] => [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** Labels per move id, and the first lookup that failed. */
export function useMoveLabels(moves: readonly MoveEvent[]): { readonly labels: ReadonlyMap<string, MoveLabel>; readonly error: unknown } {
  const client = useApiClient();
  const fixtureIds = useMemo(() => sortedUnique(moves.map((m) => m.fixtureId)).slice(0, MAX_FIXTURES), [moves]);
  const outcomeIds = useMemo(() => sortedUnique(moves.map((m) => m.outcomeId)), [moves]);
  const fixtures = useQuery({ ...fixturesQuery(client, { fixtureIds }), enabled: fixtureIds.length > 0, placeholderData: keepPreviousData });
  const markets = useQuery({ ...marketsByOutcomesQuery(client, outcomeIds), enabled: outcomeIds.length > 0, placeholderData: keepPreviousData });
  const labels = useMemo(() => {
    const views = new Map((fixtures.data ?? []).map((v) => [v.fixtureId, v]));
    const byOutcome = new Map((markets.data ?? []).flatMap((m) => m.outcomes.map((o) => [o.outcomeId, { market: m.marketName, outcome: o.outcomeName }] as const)));
    return new Map(
      moves.map((m) => {
        const view = views.get(m.fixtureId);
        const names = byOutcome.get(m.outcomeId);
        const player = m.playerId === 0 ? '' : ` (player ${String(m.playerId)})`;
        return [
          m.id,
          {
            fixture: view === undefined ? m.fixtureId : `${view.participants.participant1Name} – ${view.participants.participant2Name}`,
            market: names?.market ?? `market ${String(m.marketId)}`,
            outcome: (names?.outcome ?? `outcome ${String(m.outcomeId)}`) + player,
          },
        ] as const;
      }),
    );
  }, [moves, fixtures.data, markets.data]);
  return { labels, error: fixtures.error ?? markets.error };
}
