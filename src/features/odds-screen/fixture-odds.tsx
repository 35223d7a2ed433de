// The "Odds" section of a fixture's page: seeds the book with the fixture's snapshot, builds the
// board's layout with the market catalogue, and shows the board with its toolbar (de-vig method
// and ranges, kept in the URL) — or a skeleton, an empty state, or an error that says what to do.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { fixtureQuery, marketsBySportQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { IgnoredFilters } from '../../components/ignored-filters.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { SavedViewsMenu } from '../../components/saved-views-menu.tsx';
import { useChosenBookmakers } from '../../settings/use-chosen-bookmakers.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { BoardToolbar } from './board-toolbar.tsx';
import { boardColumnsToParams } from './board-view-params.ts';
import { OddsBoard } from './odds-board.tsx';
import { useBoardLayout } from './use-board-layout.ts';
import { boardDisplayProps, useBoardView } from './use-board-view.ts';
import { useFixtureSeed } from './use-fixture-seed.ts';

/**
 * Whether the fixture is in play per the book (null while unknown): a boolean, so the clock and
 * score ticking in the book do not re-render the board.
 */
function useIsLive(fixtureId: string): boolean | null {
  const book = useLiveBook();
  const subscribe = useCallback((listener: () => void) => book.subscribeFixture(fixtureId, listener), [book, fixtureId]);
  return useSyncExternalStore(subscribe, () => book.getFixture(fixtureId)?.status?.live ?? null);
}

/** The URL parameter of a price to show first (`/fixtures/:id?cell=<oddsId>`, the opportunities page's links). */
export const CELL_PARAM = 'cell';

export function FixtureOdds({ fixtureId }: { readonly fixtureId: string }) {
  const client = useApiClient();
  const [searchParams] = useSearchParams();
  const focusOddsId = searchParams.get(CELL_PARAM);
  const chosenBookmakers = useChosenBookmakers();
  const format = useSettings((s) => s.oddsFormat);

  const seed = useFixtureSeed(fixtureId, chosenBookmakers);
  const view = seed.state === 'seeded' ? seed.view : null;
  // The sport comes from the header's small fixture request, which lands before the odds snapshot:
  // the catalogue then loads beside the snapshot instead of after it (first prices come sooner).
  const fixture = useQuery(fixtureQuery(client, fixtureId));
  const sportId = view?.sport.sportId ?? fixture.data?.sport.sportId;
  const catalogue = useQuery({ ...marketsBySportQuery(client, sportId ?? 0), enabled: sportId !== undefined });
  const { layout, error: layoutError } = useBoardLayout({
    fixtureId,
    seededAt: seed.state === 'seeded' ? seed.seededAt : 0,
    catalogue: view === null ? undefined : catalogue.data,
    bookmakers: chosenBookmakers,
  });
  const live = useIsLive(fixtureId) ?? view?.status.live ?? false;
  const board = useBoardView(layout, live);

  if (seed.state === 'error') {
    return <QueryFailure error={seed.error} onRetry={seed.retry} />;
  }
  if (seed.state === 'unknown') {
    return (
      <div className="empty-state" role="status">
        <p>
          The service does not know fixture <code>{fixtureId}</code>, or your API key may not see it. Check the link, or pick a
          fixture from the Fixtures list.
        </p>
      </div>
    );
  }
  if (catalogue.isError) {
    return <QueryFailure error={catalogue.error} onRetry={() => void catalogue.refetch()} />;
  }
  if (layoutError !== null) {
    return (
      <p className="query-failure" role="alert">
        The odds of this fixture are inconsistent and cannot be laid out ({layoutError.message}). Reload the page; if it stays, report
        the fixtureId to support.
      </p>
    );
  }
  if (seed.state === 'loading' || layout === null) {
    return <ListSkeleton label="Loading odds" rows={12} />;
  }
  if (layout.markets.size === 0) {
    return (
      <div className="empty-state" role="status">
        <p>No bookmaker quotes this fixture yet. Prices appear here as soon as one does.</p>
        {chosenBookmakers.length > 0 && (
          <p className="hint">Only your chosen bookmakers are shown ({chosenBookmakers.join(', ')}); choose more in Settings.</p>
        )}
      </div>
    );
  }

  return (
    <>
      <SavedViewsMenu page="odds-screen" onCurrentPath extraParams={() => boardColumnsToParams(board.prefs)} />
      <IgnoredFilters problems={board.columnProblems} />
      <BoardToolbar view={board} clickHint="Click a price (or press Enter) to add it to the slip; hover or focus it for its history." />
      <OddsBoard
        layout={layout}
        live={live}
        {...boardDisplayProps(board)}
        format={format}
        boundOf={board.boundOf}
        peek
        focusOddsId={focusOddsId}
      />
    </>
  );
}
