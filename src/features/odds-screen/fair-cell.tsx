// The no-vig fair price of one outcome under the selected de-vig method, with its range across
// the methods and the books it is the consensus of on hover (title), and, when ranges are shown,
// the range inline.
import { memo, useCallback } from 'react';
import type { DevigMethod } from '../../domain/devig.ts';
import type { MarketValues } from '../../domain/odds-board.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export interface FairCellProps {
  readonly store: MarketValuesStore;
  readonly rowIndex: number;
  readonly method: DevigMethod;
  readonly format: OddsFormat;
  readonly showRange: boolean;
  readonly nameOf: (bookmaker: string) => string;
}

export const FairCell = memo(function FairCell({ store, rowIndex, method, format, showRange, nameOf }: FairCellProps) {
  const select = useCallback(
    (values: MarketValues): string => {
      const fair = values.rows[rowIndex]?.fair;
      if (fair == null) return '';
      const range = fair.range === null ? '' : `${formatPrice(fair.range.min, format)}–${formatPrice(fair.range.max, format)}`;
      return `${formatPrice(fair.price, format)}|${range}|${values.fairBooks.join(',')}`;
    },
    [rowIndex, format],
  );
  const [price = '', range = '', books = ''] = useMarketSelector(store, select).split('|');
  if (price === '') {
    return (
      <div role="gridcell" className="fair-cell pin pin-fair muted" title="No complete market from a counting bookmaker to de-vig">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no fair price</span>
      </div>
    );
  }
  const from = books.split(',').map(nameOf).join(', ');
  const title = `Fair price by ${method}: ${price}${range === '' ? '' : `; across methods ${range}`}; consensus of ${from}`;
  return (
    <div role="gridcell" className="fair-cell pin pin-fair" title={title} data-fair={price} data-fair-books={books}>
      <span className="visually-hidden">fair </span>
      {price}
      {showRange && range !== '' && <span className="fair-range"> ({range})</span>}
    </div>
  );
});
