// The stakes of the opportunities page: flat or a Kelly fraction of a bankroll on the +EV tab, a
// total stake split across the legs on the arbitrage tab, and the currency label; all in the URL.
import { FilterSelect } from '../../components/filter-select.tsx';
import { NumberField } from './number-field.tsx';
import type { OpportunityParams } from './opportunity-params.ts';

export interface StakeBarProps {
  readonly params: OpportunityParams;
  /** Sets URL parameters (null or '' removes one). */
  readonly setParams: (patch: Record<string, string | null>) => void;
}

export function StakeBar({ params, setParams }: StakeBarProps) {
  const isEv = params.tab === 'ev';
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
            <NumberField id="opportunity-flat" label={`Flat stake (${params.currency})`} value={params.flat} onChange={(v) => { setParams({ flat: v }); }} />
          ) : (
            <>
              <NumberField id="opportunity-bankroll" label={`Bankroll (${params.currency})`} value={params.bankroll} onChange={(v) => { setParams({ bankroll: v }); }} />
              <NumberField id="opportunity-kelly" label="Kelly fraction" value={params.kelly} step={0.05} onChange={(v) => { setParams({ kelly: v }); }} />
            </>
          )}
        </>
      ) : (
        <NumberField id="opportunity-total" label={`Total stake (${params.currency})`} value={params.total} onChange={(v) => { setParams({ total: v }); }} />
      )}
      <div className="filter">
        <label htmlFor="opportunity-currency">Currency</label>
        <input
          id="opportunity-currency"
          size={4}
          maxLength={3}
          defaultValue={params.currency}
          onBlur={(event) => {
            setParams({ cur: event.target.value.toUpperCase() });
          }}
        />
      </div>
    </form>
  );
}
