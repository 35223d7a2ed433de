// One leg of a market's arbitrage: the share of the total stake to put on this outcome (at the
// best price's book).
import { memo, useCallback } from 'react';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export interface StakeCellProps {
  readonly store: MarketValuesStore;
  readonly rowKey: string;
  readonly nameOf: (bookmaker: string) => string;
}

export const StakeCell = memo(function StakeCell({ store, rowKey, nameOf }: StakeCellProps) {
  const select = useCallback(
    (values: MarketValues): string => {
      const leg = values.arbitrage?.legs.find((l) => l.rowKey === rowKey);
      // The stake is a share (stake 1 in the options): shown as a percentage of the total.
      return leg === undefined ? '' : `${(leg.stake * 100).toFixed(1)}%|${leg.bookmakers.join(',')}`;
    },
    [rowKey],
  );
  const [share = '', books = ''] = useMarketSelector(store, select).split('|');
  if (share === '') return <div role="gridcell" className="stake-cell pin pin-stake" />;
  const where = books.split(',').map(nameOf).join(' / ');
  // The book is in the best cell beside it: shown here only to screen readers and on hover.
  return (
    <div role="gridcell" className="stake-cell pin pin-stake" data-stake={share} title={`Stake ${share} of the total at ${where}`}>
      <span className="visually-hidden">arbitrage stake </span>
      {share}
      <span className="visually-hidden"> {where}</span>
    </div>
  );
});
