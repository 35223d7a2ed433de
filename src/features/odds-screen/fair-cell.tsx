// The no-vig fair price of one outcome under the selected de-vig method and the chosen fair line,
// with its range across the methods, the fair line, its books and formula, and the books it left
// out on hover (title), and, when ranges are shown, the range inline.
import { memo, useCallback } from 'react';
import type { DevigMethod } from '../../domain/devig.ts';
import { describeFairLine, describeFairLineFailure } from '../../domain/fair-line.ts';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export interface FairCellProps {
  readonly store: MarketValuesStore;
  readonly rowIndex: number;
  readonly method: DevigMethod;
  readonly format: OddsFormat;
  readonly showRange: boolean;
  readonly nameOf: (bookmaker: string) => string;
}

// Every row of a market shows the same text: worked out once per computed values.
const texts = new WeakMap<MarketValues, { readonly method: DevigMethod; readonly nameOf: (bookmaker: string) => string; readonly text: string }>();

/** The market's fair line in words: its formula over the books used and those left out, or why there is none. */
function fairLineText(values: MarketValues, method: DevigMethod, nameOf: (bookmaker: string) => string): string {
  const cached = texts.get(values);
  if (cached?.method === method && cached.nameOf === nameOf) return cached.text;
  let text: string;
  if (values.fairFailure !== null) text = `no fair price: ${describeFairLineFailure(values.fairFailure, nameOf)}`;
  else {
    const used = values.fairBooks.map((bookmaker, i) => ({ bookmaker, weight: values.fairWeights[i] ?? 1, prices: [] }));
    const left = values.fairExcluded.map(({ bookmaker, reason }) => `${nameOf(bookmaker)} (${reason})`).join(', ');
    text = `${describeFairLine(used, method, nameOf)}${left === '' ? '' : `; left out: ${left}`}`;
  }
  texts.set(values, { method, nameOf, text });
  return text;
}

export const FairCell = memo(function FairCell({ store, rowIndex, method, format, showRange, nameOf }: FairCellProps) {
  const fairLine = useFairLine();
  const select = useCallback(
    (values: MarketValues): string => {
      const fair = values.rows[rowIndex]?.fair;
      const text = fairLineText(values, method, nameOf);
      if (fair == null) return `||${values.fairFailure === null ? '' : text}|`;
      const range = fair.range === null ? '' : `${formatPrice(fair.range.min, format)}–${formatPrice(fair.range.max, format)}`;
      return `${formatPrice(fair.price, format)}|${range}|${text}|${values.fairBooks.join(',')}`;
    },
    [rowIndex, format, method, nameOf],
  );
  const [price = '', range = '', text = '', books = ''] = useMarketSelector(store, select).split('|');
  const line = `fair line "${fairLine.name}"`;
  if (price === '') {
    const why = text === '' ? 'No complete market from a counting bookmaker to de-vig' : `No fair price under the ${line}: ${text.replace(/^no fair price: /u, '')}`;
    return (
      <div role="gridcell" className="fair-cell pin pin-fair muted" title={why}>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">no fair price</span>
      </div>
    );
  }
  const title = `Fair price by ${method}: ${price}${range === '' ? '' : `; across methods ${range}`}; ${line}: ${text}`;
  return (
    <div role="gridcell" className="fair-cell pin pin-fair" title={title} data-fair={price} data-fair-books={books}>
      <span className="visually-hidden">fair </span>
      {price}
      {showRange && range !== '' && <span className="fair-range"> ({range})</span>}
    </div>
  );
});
