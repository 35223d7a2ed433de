// The odds board's header row: the pinned columns (outcome, best, fair, EV, arbitrage stake), then
// a header per shown bookmaker with its health.
import type { DevigMethod } from '../../domain/devig.ts';
import { BookmakerHeader } from './bookmaker-header.tsx';
import { HEADER_HEIGHT } from './board-rows.ts';
import type { ColumnHealth } from './use-column-health.ts';

const METHOD_SHORT: Readonly<Record<DevigMethod, string>> = {
  multiplicative: 'mult.',
  additive: 'additive',
  power: 'power',
  shin: 'Shin',
  'worst-case': 'worst case',
};

export interface BoardHeadRowProps {
  readonly method: DevigMethod;
  /** Bookmaker slugs of the layout, one column each. */
  readonly columns: readonly string[];
  /** The layout columns shown, in display order. */
  readonly visible: readonly number[];
  readonly nameOf: (bookmaker: string) => string;
  readonly health: ReadonlyMap<string, ColumnHealth>;
}

export function BoardHeadRow({ method, columns, visible, nameOf, health }: BoardHeadRowProps) {
  return (
    <div role="rowgroup" className="odds-board-head">
      <div role="row" aria-rowindex={1} className="board-row board-head-row" style={{ height: HEADER_HEIGHT }}>
        <div role="columnheader" className="pin pin-outcome">
          Outcome
        </div>
        <div role="columnheader" className="pin pin-best" title="Best price among the shown books, compared net of exchange commission; the price shown is gross">
          Best <span className="head-note">net</span>
        </div>
        <div role="columnheader" className="pin pin-fair" title={`No-vig fair price, de-vigged by ${method}`}>
          Fair <span className="head-note">{METHOD_SHORT[method]}</span>
        </div>
        <div role="columnheader" className="pin pin-ev" title="Expected value of the best net price against the fair price">
          EV
        </div>
        <div role="columnheader" className="pin pin-stake" title="Share of the total stake per outcome when the best net prices leave an arbitrage">
          Arb <span className="head-note">stake</span>
        </div>
        {visible.map((column) => {
          const bookmaker = columns[column] ?? '';
          return <BookmakerHeader key={bookmaker} bookmaker={bookmaker} name={nameOf(bookmaker)} health={health.get(bookmaker)} />;
        })}
      </div>
    </div>
  );
}
