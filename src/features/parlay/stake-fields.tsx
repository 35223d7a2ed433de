// The parlay page's stake and currency label: each bookmaker's payout is shown for this stake. A
// stake that cannot be read is refused beside the field, naming it, and no payout is shown.
import { useId } from 'react';

export interface StakeFieldsProps {
  readonly stakeText: string;
  readonly currency: string;
  /** Why the stake cannot be used (`readStake`), or null. */
  readonly error: string | null;
  readonly onStake: (text: string) => void;
  readonly onCurrency: (label: string) => void;
}

export function StakeFields({ stakeText, currency, error, onStake, onCurrency }: StakeFieldsProps) {
  const stakeId = useId();
  const errorId = useId();
  return (
    <div className="parlay-stake">
      <label htmlFor={stakeId}>Stake</label>
      <input
        id={stakeId}
        type="text"
        inputMode="decimal"
        size={10}
        value={stakeText}
        aria-invalid={error !== null}
        aria-describedby={error === null ? undefined : errorId}
        onChange={(e) => { onStake(e.target.value); }}
      />
      <label>
        Currency (a label: nothing is converted){' '}
        <input value={currency} size={6} onChange={(e) => { onCurrency(e.target.value); }} />
      </label>
      {error !== null && (
        <p id={errorId} className="parlay-stake-error" role="alert" data-testid="stake-error">
          {error}
        </p>
      )}
    </div>
  );
}
