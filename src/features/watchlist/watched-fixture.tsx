// One fixture of the watchlist: seeds the live book with its snapshot through the odds screen's
// seeding hook (the stream then keeps it current), builds its board layout with the market
// catalogue, and lists its watched markets — or says why it cannot.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { fixtureQuery, marketsBySportQuery, playersByIdsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useFixtureLive } from '../../book/use-book.ts';
import { QueryFailure } from '../../components/query-failure.tsx';
import { StarButton } from '../../components/star-button.tsx';
import type { DevigMethod } from '../../domain/devig.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { useChosenBookmakers } from '../../settings/use-chosen-bookmakers.ts';
import { useWatchlist } from '../../settings/use-watchlist.ts';
import type { WatchedMarket } from '../../settings/watchlist-store.ts';
import { fixturePath } from '../fixtures/fixture-row.tsx';
import { useBoardLayout } from '../odds-screen/use-board-layout.ts';
import { useFixtureSeed } from '../odds-screen/use-fixture-seed.ts';
import { WatchedBoard } from './watched-board.tsx';

export interface WatchedFixtureProps {
  readonly fixtureId: string;
  readonly fixtureStarred: boolean;
  readonly markets: readonly WatchedMarket[];
  readonly method: DevigMethod;
  readonly format: OddsFormat;
  readonly nameOf: (bookmaker: string) => string;
}

export function WatchedFixture({ fixtureId, fixtureStarred, markets, method, format, nameOf }: WatchedFixtureProps) {
  const client = useApiClient();
  const chosenBookmakers = useChosenBookmakers();
  const [, { toggleFixture }] = useWatchlist();
  const seed = useFixtureSeed(fixtureId, chosenBookmakers);
  const view = seed.state === 'seeded' ? seed.view : null;
  const fixture = useQuery(fixtureQuery(client, fixtureId));
  const sportId = view?.sport.sportId ?? fixture.data?.sport.sportId;
  const catalogue = useQuery({ ...marketsBySportQuery(client, sportId ?? 0), enabled: sportId !== undefined });
  const { layout, error } = useBoardLayout({
    fixtureId,
    seededAt: seed.state === 'seeded' ? seed.seededAt : 0,
    catalogue: view === null ? undefined : catalogue.data,
    bookmakers: chosenBookmakers,
  });
  const playerIds = useMemo(() => [...new Set(markets.map((m) => m.playerId).filter((id) => id > 0))].sort((a, b) => a - b), [markets]);
  const players = useQuery({ ...playersByIdsQuery(client, playerIds), enabled: playerIds.length > 0 });
  const playerNames = useMemo(() => new Map(players.data?.map((p) => [p.playerId, p.playerName])), [players.data]);
  const liveValues = useFixtureLive(fixtureId);
  const shown = liveValues?.fixture ?? view ?? fixture.data ?? null;
  const status = liveValues?.status ?? shown?.status;
  const name = shown === null ? fixtureId : `${shown.participants.participant1Name} – ${shown.participants.participant2Name}`;

  let body;
  if (seed.state === 'error') body = <QueryFailure error={seed.error} onRetry={seed.retry} />;
  else if (seed.state === 'unknown') body = <p role="status">The service does not know this fixture, or your API key may not see it.</p>;
  else if (catalogue.isError) body = <QueryFailure error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  else if (error !== null) body = <p role="alert">The odds of this fixture cannot be laid out ({error.message}).</p>;
  else if (layout === null) body = <p className="muted" role="status" aria-busy="true">Loading prices…</p>;
  else {
    body = (
      <WatchedBoard
        layout={layout}
        live={status?.live ?? false}
        fixtureStarred={fixtureStarred}
        markets={markets}
        method={method}
        format={format}
        nameOf={nameOf}
        playerNameOf={(playerId) => playerNames.get(playerId) ?? `player ${String(playerId)}`}
      />
    );
  }

  return (
    <section className="watched-fixture" aria-label={name} data-fixture-id={fixtureId}>
      <h3>
        {fixtureStarred && (
          <StarButton
            starred
            label={name}
            onToggle={() => {
              toggleFixture(fixtureId);
            }}
          />
        )}
        <Link to={fixturePath(fixtureId)}>{name}</Link>
        {status !== undefined && <span className={status.live ? 'fixture-status is-live' : 'fixture-status'}> {status.statusName}</span>}
      </h3>
      {body}
    </section>
  );
}
