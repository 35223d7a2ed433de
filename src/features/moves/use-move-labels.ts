// What the moves are called: fixture names from the page's live book (the stream's fixture views
// reach every page, whatever its odds interest) and market and outcome names from the market
// catalogue per sport (one cached query a sport), so a feed that changes every half second asks
// REST for nothing new (players: one lookup of the players in the feed); ids where a name is missing, so a row is never blank.
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { marketsBySportQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { usePlayerNameOf } from '../../api/use-player-names.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { sportIdOfOutcomeId } from '../../domain/ids.ts';
import type { MoveEvent } from '../../domain/moves.ts';

export interface MoveLabel {
  readonly fixture: string;
  readonly market: string;
  readonly outcome: string;
}

/** Labels per move id, and the first lookup that failed. */
export function useMoveLabels(moves: readonly MoveEvent[]): { readonly labels: ReadonlyMap<string, MoveLabel>; readonly error: unknown } {
  const client = useApiClient();
  const book = useLiveBook();
  const sportIds = useMemo(() => [...new Set(moves.map((m) => sportIdOfOutcomeId(m.outcomeId)))].sort((a, b) => a - b), [moves]);
  // `combine` keeps one result object until a catalogue arrives or fails.
  const markets = useQueries({
    queries: sportIds.map((sportId) => marketsBySportQuery(client, sportId)),
    combine: (results) => ({ lists: results.map((r) => r.data ?? []), error: results.find((r) => r.error !== null)?.error ?? null }),
  });
  const playerIds = useMemo(() => moves.map((m) => m.playerId), [moves]);
  const playerNameOf = usePlayerNameOf(playerIds);
  const byOutcome = useMemo(
    () => new Map(markets.lists.flatMap((list) => list.flatMap((m) => m.outcomes.map((o) => [`${String(m.marketId)}:${String(o.outcomeId)}`, { market: m.marketName, outcome: o.outcomeName }] as const)))),
    [markets.lists],
  );
  const labels = useMemo(
    () =>
      new Map(
        moves.map((m) => {
          const participants = book.getFixture(m.fixtureId)?.fixture?.participants;
          const names = byOutcome.get(`${String(m.marketId)}:${String(m.outcomeId)}`);
          const player = m.playerId === 0 ? '' : ` (${playerNameOf(m.playerId)})`;
          return [
            m.id,
            {
              fixture: participants === undefined ? m.fixtureId : `${participants.participant1Name} – ${participants.participant2Name}`,
              market: names?.market ?? `market ${String(m.marketId)}`,
              outcome: (names?.outcome ?? `outcome ${String(m.outcomeId)}`) + player,
            },
          ] as const;
        }),
      ),
    [moves, book, byOutcome, playerNameOf],
  );
  return { labels, error: markets.error };
}
