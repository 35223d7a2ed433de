// The expected value of the best net price against the fair price, per unit staked.
import { memo, useCallback } from 'react';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { formatEv } from '../../domain/opportunities.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export const EvCell = memo(function EvCell({ store, rowIndex }: { readonly store: MarketValuesStore; readonly rowIndex: number }) {
  const select = useCallback((values: MarketValues): string => {
    const ev = values.rows[rowIndex]?.ev;
    return ev == null ? '' : formatEv(ev);
  }, [rowIndex]);
  const ev = useMarketSelector(store, select);
  if (ev === '') {
    return (
      <div role="gridcell" className="ev-cell pin pin-ev muted">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no EV</span>
      </div>
    );
  }
  return (
    <div role="gridcell" className={`ev-cell pin pin-ev${ev.startsWith('+') ? ' ev-positive' : ''}`} data-ev={ev} title={`EV ${ev} of the best net price against the fair price`}>
      <span className="visually-hidden">EV </span>
      {ev}
    </div>
  );
});
