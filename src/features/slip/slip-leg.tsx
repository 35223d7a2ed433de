// One leg of the slip: what it is (fixture, market, outcome, player, bookmaker), its live price in
// the chosen odds format or why it has none, and a button removing it.
import { memo } from 'react';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import type { LegLabel } from './leg-label.ts';
import { legPriceProblem, type LegPriceState } from './slip-summary.ts';

export interface SlipLegProps {
  readonly oddsId: string;
  readonly label: LegLabel | undefined;
  readonly state: LegPriceState | undefined;
  readonly oddsFormat: OddsFormat;
  readonly onRemove: (oddsId: string) => void;
}

export const SlipLeg = memo(function SlipLeg({ oddsId, label, state, oddsFormat, onRemove }: SlipLegProps) {
  const problem = state === undefined ? 'no current price' : legPriceProblem(state);
  const selection = label === undefined ? oddsId : `${label.market}: ${label.outcome}${label.player === null ? '' : ` (${label.player})`}`;
  return (
    <li className="slip-leg" data-odds-id={oddsId}>
      <div className="slip-leg-what">
        <span className="slip-leg-fixture">{label?.fixture ?? oddsId.split(':')[0]}</span>
        <span className="slip-leg-selection">{selection}</span>
        <span className="slip-leg-bookmaker">{label?.bookmaker ?? oddsId.split(':')[1]}</span>
      </div>
      <div className="slip-leg-price">
        {state?.kind === 'priced' ? (
          <span className="slip-price" data-testid="slip-leg-price">
            {formatPrice(state.price, oddsFormat)}
          </span>
        ) : (
          <span className="slip-price is-unpriced">{problem}</span>
        )}
      </div>
      <button
        type="button"
        className="slip-leg-remove"
        aria-label={`Remove ${selection} at ${label?.bookmaker ?? 'this bookmaker'} from the slip`}
        onClick={() => {
          onRemove(oddsId);
        }}
      >
        ×
      </button>
    </li>
  );
});
