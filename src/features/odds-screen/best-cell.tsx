// The best price of one outcome across the bettable books, net of commission (the price shown is
// the gross one, as the book quotes it), and the book offering it by its short name.
import { memo, useCallback } from 'react';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { shortBookName } from './book-columns.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export interface BestCellProps {
  readonly store: MarketValuesStore;
  readonly rowIndex: number;
  readonly format: OddsFormat;
  readonly nameOf: (bookmaker: string) => string;
}

export const BestCell = memo(function BestCell({ store, rowIndex, format, nameOf }: BestCellProps) {
  const select = useCallback(
    (values: MarketValues): string => {
      const best = values.rows[rowIndex]?.best;
      if (best == null) return '';
      const net = best.netPrice < best.price ? formatPrice(best.netPrice, 'decimal') : '';
      return `${formatPrice(best.price, format)}|${net}|${best.bookmakers.join(',')}`;
    },
    [rowIndex, format],
  );
  const [price = '', net = '', books = ''] = useMarketSelector(store, select).split('|');
  if (price === '') {
    return (
      <div role="gridcell" className="best-cell pin pin-best muted" title="No bettable price counts on this outcome">
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no best price</span>
      </div>
    );
  }
  const names = books.split(',').map(nameOf);
  const first = names[0] ?? '';
  const title = `Best price ${price} at ${names.join(', ')}${net === '' ? '' : ` (net of commission ${net})`}`;
  return (
    <div role="gridcell" className="best-cell pin pin-best" title={title} data-best={price} data-best-books={books}>
      <span className="visually-hidden">best </span>
      <span className="best-price">{price}</span>{' '}
      <span className="best-book">
        {shortBookName(first, 10)}
        {names.length > 1 ? ` +${String(names.length - 1)}` : ''}
      </span>
      {net !== '' && <span className="visually-hidden">, net {net}</span>}
    </div>
  );
});
