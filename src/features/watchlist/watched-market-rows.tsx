// One watched market's outcomes: best price (net of commission, the books offering it), fair
// price under the chosen fair line, and EV — live, from the market's values store (recomputed
// when one of its prices moves in the book), as the odds screen's pinned columns show them.
import { memo, useCallback } from 'react';
import { StarButton } from '../../components/star-button.tsx';
import type { BoardMarket } from '../../domain/odds-board-layout.ts';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { formatEv } from '../../domain/opportunities.ts';
import { useMarketSelector, type MarketValuesStore } from '../odds-screen/market-store.ts';

export interface WatchedMarketRowsProps {
  readonly market: BoardMarket;
  readonly store: MarketValuesStore;
  /** The market's title: its name, and why it is listed when it was not starred itself. */
  readonly title: string;
  readonly format: OddsFormat;
  readonly nameOf: (bookmaker: string) => string;
  /** Whether the market itself is starred (a starred fixture's main market may not be). */
  readonly starred: boolean;
  readonly onToggleStar: () => void;
}

interface RowText {
  readonly best: string;
  readonly at: string;
  readonly fair: string;
  readonly ev: string;
}

export const WatchedMarketRows = memo(function WatchedMarketRows({ market, store, title, format, nameOf, starred, onToggleStar }: WatchedMarketRowsProps) {
  // One string per computed values, so the rows re-render only when something shown changed.
  const select = useCallback(
    (values: MarketValues): string =>
      JSON.stringify(
        values.rows.map(
          (row): RowText => ({
            best: row.best === null ? '' : formatPrice(row.best.price, format),
            at: row.best === null ? '' : row.best.bookmakers.map(nameOf).join(', '),
            fair: row.fair === null ? '' : formatPrice(row.fair.price, format),
            ev: row.ev === null ? '' : formatEv(row.ev),
          }),
        ),
      ),
    [format, nameOf],
  );
  const rows = JSON.parse(useMarketSelector(store, select)) as RowText[];
  return (
    <tbody className="watched-market" data-market-key={market.key}>
      <tr className="watched-market-title">
        <th scope="rowgroup" colSpan={5}>
          <StarButton starred={starred} label={title} onToggle={onToggleStar} />
          {title}
        </th>
      </tr>
      {market.rows.map((row, i) => {
        const text = rows[i];
        return (
          <tr key={row.key} data-outcome-id={row.outcomeId}>
            <th scope="row">{row.outcomeName ?? `Outcome ${String(row.outcomeId)}`}</th>
            <td className="numeric watched-best">{text === undefined || text.best === '' ? <span className="muted">–</span> : text.best}</td>
            <td className="watched-at">{text?.at ?? ''}</td>
            <td className="numeric watched-fair">{text === undefined || text.fair === '' ? <span className="muted">–</span> : text.fair}</td>
            <td className={text?.ev.startsWith('+') === true ? 'numeric watched-ev ev-positive' : 'numeric watched-ev'}>
              {text === undefined || text.ev === '' ? <span className="muted">–</span> : text.ev}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
});
