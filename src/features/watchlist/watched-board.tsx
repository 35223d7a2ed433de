// The watched markets of one fixture over its board layout: each market's values store under the
// chosen fair line, the trader's commission and hidden books, and the books' live health (stale
// and suspended books never count), as the odds screen computes them.
import { useEffect, useMemo } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import { boardMarketsInOrder, type BoardLayout, type BoardMarket } from '../../domain/odds-board-layout.ts';
import type { ValuesOptions } from '../../domain/odds-board-values.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useWatchlist } from '../../settings/use-watchlist.ts';
import { sameMarket, type WatchedMarket } from '../../settings/watchlist-store.ts';
import { MarketStores } from '../odds-screen/market-store.ts';
import { useColumnHealth } from '../odds-screen/use-column-health.ts';
import { WatchedMarketRows } from './watched-market-rows.tsx';

export interface WatchedBoardProps {
  readonly layout: BoardLayout;
  readonly live: boolean;
  /** The fixture is starred: its main market (the first of the board) is listed. */
  readonly fixtureStarred: boolean;
  /** The fixture's starred markets. */
  readonly markets: readonly WatchedMarket[];
  readonly method: DevigMethod;
  readonly format: OddsFormat;
  readonly nameOf: (bookmaker: string) => string;
  readonly playerNameOf: (playerId: number) => string;
}

function marketTitle(market: BoardMarket, playerNameOf: (playerId: number) => string): string {
  const name = market.market === null ? `Market ${String(market.marketId)}` : market.market.marketName;
  return market.playerId === 0 ? name : `${name} (${playerNameOf(market.playerId)})`;
}

export function WatchedBoard({ layout, live, fixtureStarred, markets, method, format, nameOf, playerNameOf }: WatchedBoardProps) {
  const book = useLiveBook();
  const health = useColumnHealth(layout.fixtureId, layout.columns, live);
  const fairLine = useFairLine();
  const [prefs] = useBoardPrefs();
  const [, { toggleMarket }] = useWatchlist();
  const hiddenBooks = useMemo(() => new Set(prefs.hidden), [prefs.hidden]);
  const stores = useMemo(() => {
    const options: ValuesOptions = { method, fairLine, bookStatus: health.byBookmaker, range: false, commission: prefs.commission, hiddenBooks };
    return new MarketStores(book, layout, options);
  }, [book, layout, method, fairLine, health, prefs.commission, hiddenBooks]);
  useEffect(() => stores.attach(), [stores]);

  const main = fixtureStarred ? boardMarketsInOrder(layout, false)[0] : undefined;
  const shown: { market: BoardMarket; starred: boolean }[] = [];
  if (main !== undefined) shown.push({ market: main, starred: markets.some((m) => sameMarket(m, { fixtureId: layout.fixtureId, ...main })) });
  const missing: WatchedMarket[] = [];
  for (const ref of markets) {
    const market = layout.markets.get(`${String(ref.marketId)}:${String(ref.playerId)}`);
    if (market === undefined) missing.push(ref);
    else if (market !== main) shown.push({ market, starred: true });
  }

  return (
    <>
      {shown.length > 0 && (
        <table className="watched-table">
          <thead>
            <tr>
              <th scope="col">Selection</th>
              <th scope="col">Best price</th>
              <th scope="col">At</th>
              <th scope="col">Fair</th>
              <th scope="col">EV</th>
            </tr>
          </thead>
          {shown.map(({ market, starred }) => {
            const title = marketTitle(market, playerNameOf);
            return (
              <WatchedMarketRows
                key={market.key}
                market={market}
                store={stores.get(market.key)}
                title={starred ? title : `${title} (main market of a starred fixture)`}
                format={format}
                nameOf={nameOf}
                starred={starred}
                onToggleStar={() => {
                  toggleMarket({ fixtureId: layout.fixtureId, marketId: market.marketId, playerId: market.playerId });
                }}
              />
            );
          })}
        </table>
      )}
      {fixtureStarred && main === undefined && <p className="muted">No bookmaker quotes a market of this fixture right now.</p>}
      {missing.map((ref) => (
        <p key={`${String(ref.marketId)}:${String(ref.playerId)}`} className="muted watched-missing">
          Market {ref.marketId}
          {ref.playerId === 0 ? '' : ` (${playerNameOf(ref.playerId)})`}: no bookmaker you follow quotes it now.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              toggleMarket(ref);
            }}
          >
            Remove it
          </button>
        </p>
      ))}
    </>
  );
}
