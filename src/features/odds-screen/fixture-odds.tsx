// The "Odds" section of a fixture's page: seeds the book with the fixture's snapshot, builds the
// board's layout with the market catalogue, and shows the board with its toolbar (de-vig method
// and ranges, kept in the URL) — or a skeleton, an empty state, or an error that says what to do.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { MAX_LIST_IDS } from '../../api/client.ts';
import { bookmakersQuery, fixtureQuery, marketsBySportQuery, playersByIdsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { useMediaQuery } from '../../components/use-media-query.ts';
import { QueryFailure } from '../../components/query-failure.tsx';
import { commissionOf } from '../../domain/commission.ts';
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { useChosenBookmakers } from '../../settings/use-chosen-bookmakers.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { BoardBooksPanel } from './board-books-panel.tsx';
import { boardPlayerIds, type BoardMode } from './board-rows.ts';
import { visibleColumns } from './book-columns.ts';
import { OddsBoard, type SlipApi } from './odds-board.tsx';
import { useBoardLayout } from './use-board-layout.ts';
import { useFixtureSeed } from './use-fixture-seed.ts';

/** The URL parameter of the de-vig method, and the default. */
export const DEVIG_PARAM = 'devig';
export const DEFAULT_DEVIG: DevigMethod = 'multiplicative';
/** `ranges=1` shows each fair price's range across methods inline (it is always on hover). */
export const RANGES_PARAM = 'ranges';

const METHOD_LABELS: Readonly<Record<DevigMethod, string>> = {
  multiplicative: 'Multiplicative',
  additive: 'Additive',
  power: 'Power',
  shin: 'Shin',
  'worst-case': 'Worst case',
};

/** Below this width each outcome is a card (./odds-screen.css has the same figure). */
export const CARDS_QUERY = '(max-width: 640px)';

/** The de-vig method named in the URL, or the default for a missing or unknown one. */
export function devigMethodOf(value: string | null): DevigMethod {
  return DEVIG_METHODS.find((method) => method === value) ?? DEFAULT_DEVIG;
}

/**
 * Whether the fixture is in play per the book (null while unknown): a boolean, so the clock and
 * score ticking in the book do not re-render the board.
 */
function useIsLive(fixtureId: string): boolean | null {
  const book = useLiveBook();
  const subscribe = useCallback((listener: () => void) => book.subscribeFixture(fixtureId, listener), [book, fixtureId]);
  return useSyncExternalStore(subscribe, () => book.getFixture(fixtureId)?.status?.live ?? null);
}

export function FixtureOdds({ fixtureId, slip }: { readonly fixtureId: string; readonly slip: SlipApi }) {
  const client = useApiClient();
  const chosenBookmakers = useChosenBookmakers();
  const format = useSettings((s) => s.oddsFormat);
  const [params, setParams] = useSearchParams();
  const method = devigMethodOf(params.get(DEVIG_PARAM));
  const showRanges = params.get(RANGES_PARAM) === '1';

  const seed = useFixtureSeed(fixtureId, chosenBookmakers);
  const view = seed.state === 'seeded' ? seed.view : null;
  // The sport comes from the header's small fixture request, which lands before the odds snapshot:
  // the catalogue then loads beside the snapshot instead of after it (first prices come sooner).
  const fixture = useQuery(fixtureQuery(client, fixtureId));
  const sportId = view?.sport.sportId ?? fixture.data?.sport.sportId;
  const catalogue = useQuery({ ...marketsBySportQuery(client, sportId ?? 0), enabled: sportId !== undefined });
  const bookmakerList = useQuery(bookmakersQuery(client));
  const { layout, error: layoutError } = useBoardLayout({
    fixtureId,
    seededAt: seed.state === 'seeded' ? seed.seededAt : 0,
    catalogue: view === null ? undefined : catalogue.data,
    bookmakers: chosenBookmakers,
  });
  const playerIds = useMemo(() => (layout === null ? [] : boardPlayerIds(layout).slice(0, MAX_LIST_IDS)), [layout]);
  const players = useQuery({ ...playersByIdsQuery(client, playerIds), enabled: playerIds.length > 0 });
  const live = useIsLive(fixtureId) ?? view?.status.live ?? false;

  const nameOf = useBookmakerNameOf();
  const records = useMemo(() => new Map(bookmakerList.data?.map((b) => [b.bookmaker, b])), [bookmakerList.data]);
  const boundOf = useCallback(
    (slug: string): string | null => {
      const record = records.get(slug);
      const seconds = live ? record?.maxDelayLiveInSec : record?.maxDelayPregameInSec;
      return seconds == null ? null : `${String(seconds)} s (${live ? 'live' : 'pre-game'})`;
    },
    [records, live],
  );
  const [prefs, updatePrefs] = useBoardPrefs();
  const narrow = useMediaQuery(CARDS_QUERY);
  const mode: BoardMode = narrow ? 'cards' : prefs.density;
  const columns = layout?.columns;
  const visible = useMemo(() => (columns === undefined ? [] : visibleColumns(columns, prefs)), [columns, prefs]);
  const panelBooks = useMemo(
    () => (columns === undefined ? [] : visibleColumns(columns, { ...prefs, hidden: [] }).map((i) => columns[i] ?? '')),
    [columns, prefs],
  );
  const hiddenBooks = useMemo(() => new Set(prefs.hidden), [prefs.hidden]);
  const charged = (columns ?? [])
    .filter((b) => !hiddenBooks.has(b) && commissionOf(b, prefs.commission) > 0)
    .map((b) => `${nameOf(b)} ${(commissionOf(b, prefs.commission) * 100).toFixed(1)}%`);
  const playerNames = useMemo(() => new Map(players.data?.map((p) => [p.playerId, p.playerName])), [players.data]);
  const playerNameOf = useCallback((playerId: number) => playerNames.get(playerId) ?? `player ${String(playerId)}`, [playerNames]);

  const setParam = (name: string, value: string | null) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

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
      <div className="odds-toolbar">
        <label>
          De-vig method{' '}
          <select
            value={method}
            onChange={(event) => {
              const next = devigMethodOf(event.target.value);
              setParam(DEVIG_PARAM, next === DEFAULT_DEVIG ? null : next);
            }}
          >
            {DEVIG_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={showRanges}
            onChange={(event) => {
              setParam(RANGES_PARAM, event.target.checked ? '1' : null);
            }}
          />{' '}
          Show the fair price's range across methods
        </label>
        <BoardBooksPanel books={panelBooks} nameOf={nameOf} prefs={prefs} update={updatePrefs} />
        <span className="hint">Click a price (or press Enter) to add it to the slip; hover or focus it for its history.</span>
      </div>
      <p className="hint odds-notes" data-testid="odds-notes">
        Best, EV and arbitrage compare prices net of commission{charged.length > 0 ? ` (${charged.join(', ')})` : ''}; prices are shown
        gross. Fair: {method} de-vig of the consensus of every book that quotes the whole market
        {prefs.hidden.length > 0 ? `, hidden ones included (${prefs.hidden.map(nameOf).join(', ')} hidden from best and arbitrage)` : ''}; hover a fair
        price for its books.
      </p>
      <OddsBoard
        layout={layout}
        live={live}
        nameOf={nameOf}
        playerNameOf={playerNameOf}
        method={method}
        showRanges={showRanges}
        format={format}
        slip={slip}
        visible={visible}
        hiddenBooks={hiddenBooks}
        commission={prefs.commission}
        mode={mode}
        boundOf={boundOf}
        peek
      />
    </>
  );
}
