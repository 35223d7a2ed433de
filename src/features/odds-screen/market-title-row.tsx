// The title of one market (line): its name and line, main or alternate, and an arbitrage flag
// with the guaranteed profit when the best prices across bookmakers leave one; a star puts the
// market on the watchlist.
import { memo, useCallback } from 'react';
import type { BoardMarket } from '../../domain/odds-board-layout.ts';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { StarButton } from '../../components/star-button.tsx';
import { sameMarket } from '../../settings/watchlist-store.ts';
import { useWatchlist } from '../../settings/use-watchlist.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export interface MarketTitleRowProps {
  readonly fixtureId: string;
  readonly market: BoardMarket;
  /** The player of a player prop (null for other markets): the star names whose market it is. */
  readonly playerName: string | null;
  readonly store: MarketValuesStore;
  readonly gridRow: number;
  readonly tabStop: boolean;
  /** Columns the title spans (every column of the grid). */
  readonly columnCount: number;
  readonly top: number;
  readonly height: number;
}

export const MarketTitleRow = memo(function MarketTitleRow({ fixtureId, market, playerName, store, gridRow, tabStop, columnCount, top, height }: MarketTitleRowProps) {
  const select = useCallback((values: MarketValues) => (values.arbitrage === null ? '' : `${(values.arbitrage.profitRatio * 100).toFixed(2)}%`), []);
  const profit = useMarketSelector(store, select);
  const record = market.market;
  const name = record === null ? `Market ${String(market.marketId)}` : record.marketName;
  const [watchlist, { toggleMarket }] = useWatchlist();
  const ref = { fixtureId, marketId: market.marketId, playerId: market.playerId };
  return (
    <div role="row" aria-rowindex={gridRow + 2} className="board-row board-market" style={{ transform: `translateY(${String(top)}px)`, height }}>
      <div
        role="gridcell"
        aria-colspan={columnCount}
        className="market-title"
        data-grid-cell={`${String(gridRow)}:0`}
        tabIndex={tabStop ? 0 : -1}
        data-market-id={market.marketId}
      >
        {/* Sticky: the title stays in view while the books scroll sideways. */}
        <span className="pinned-title">
          <StarButton
            starred={watchlist.markets.some((m) => sameMarket(m, ref))}
            label={`${name}${playerName === null ? '' : ` (${playerName})`}`}
            tabIndex={-1}
            onToggle={() => {
              toggleMarket(ref);
            }}
          />
          <strong>{name}</strong>
          {!market.mainLine && <span className="badge">alternate line</span>}
          <span className="muted market-id"> · marketId {market.marketId}</span>
          {profit !== '' && (
            <span className="arb-flag" role="status">
              Arbitrage: +{profit} guaranteed at the best net prices
            </span>
          )}
        </span>
      </div>
    </div>
  );
});
