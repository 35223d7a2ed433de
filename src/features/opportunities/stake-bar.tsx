// The stakes of the opportunities page: flat or a Kelly fraction of a bankroll on the +EV tab, a
// total stake split across the legs on the arbitrage tab, and the currency label; all in the URL.
import { useState } from 'react';
import { FilterSelect } from '../../components/filter-select.tsx';
import { NumberField } from './number-field.tsx';
import { LIMITS, type OpportunityParams } from './opportunity-params.ts';

export interface StakeBarProps {
  readonly params: OpportunityParams;
  /** Sets URL parameters (null or '' removes one). */
  readonly setParams: (patch: Record<string, string | null>) => void;
}

export function StakeBar({ params, setParams }: StakeBarProps) {
  const isEv = params.tab === 'ev';
  const [currencyProblem, setCurrencyProblem] = useState<string | null>(null);
  return (
    <form className="filter-bar stake-bar" aria-label="Stakes" onSubmit={(event) => { event.preventDefault(); }}>
      {isEv ? (
        <>
          <FilterSelect
            id="opportunity-stake"
            label="Stake"
            value={params.stakeMode}
            options={[
              { value: 'flat', label: 'Flat' },
              { value: 'kelly', label: 'Kelly fraction' },
            ]}
            onChange={(value) => {
              setParams({ stake: value === 'flat' ? null : value });
            }}
          />
          {params.stakeMode === 'flat' ? (
            <NumberField id="opportunity-flat" label={`Flat stake (${params.currency})`} value={params.flat} {...LIMITS.flat} onChange={(v) => { setParams({ flat: v }); }} />
          ) : (
            <>
              <NumberField id="opportunity-bankroll" label={`Bankroll (${params.currency})`} value={params.bankroll} {...LIMITS.bankroll} onChange={(v) => { setParams({ bankroll: v }); }} />
              <NumberField id="opportunity-kelly" label="Kelly fraction" value={params.kelly} {...LIMITS.kelly} step={0.05} onChange={(v) => { setParams({ kelly: v }); }} />
            </>
          )}
        </>
      ) : (
        <NumberField id="opportunity-total" label={`Total stake (${params.currency})`} value={params.total} {...LIMITS.total} onChange={(v) => { setParams({ total: v }); }} />
      )}
      <div className="filter">
        <label htmlFor="opportunity-currency">Currency</label>
        <input
          id="opportunity-currency"
          size={4}
          maxLength={3}
          defaultValue={params.currency}
          aria-invalid={currencyProblem !== null}
          aria-describedby={currencyProblem === null ? undefined : 'opportunity-currency-error'}
          onBlur={(event) => {
            const code = event.target.value.trim().toUpperCase();
            if (!/^[A-Z]{3}$/u.test(code)) {
              setCurrencyProblem(`Currency: "${event.target.value}" is not a three-letter code such as EUR or GBP.`);
              return;
            }
            setCurrencyProblem(null);
            setParams({ cur: code });
          }}
        />
        {currencyProblem !== null && (
          <span id="opportunity-currency-error" className="field-error" role="alert">
            {currencyProblem}
          </span>
        )}
      </div>
    </form>
  );
}
