// The thresholds of the opportunities page's filters: the minimum EV or return, the +EV tab's
// maximum price (long shots have the least sure fair lines) and the maximum quote age; in the URL.
import { FilterSelect } from '../../components/filter-select.tsx';
import { NumberField } from './number-field.tsx';
import { LIMITS, type OpportunityParams } from './opportunity-params.ts';

const AGE_OPTIONS = [
  { value: '10', label: '10 s' },
  { value: '30', label: '30 s' },
  { value: '60', label: '1 min' },
  { value: '300', label: '5 min' },
  { value: '3600', label: '1 h' },
];

export interface OpportunityThresholdsProps {
  readonly params: OpportunityParams;
  /** Sets URL parameters (null or '' removes one). */
  readonly setParams: (patch: Record<string, string | null>) => void;
}

export function OpportunityThresholds({ params, setParams }: OpportunityThresholdsProps) {
  const isEv = params.tab === 'ev';
  return (
    <>
      <NumberField
        key={params.tab}
        id="opportunity-min"
        label={isEv ? 'Min EV %' : 'Min return %'}
        value={isEv ? params.minEv : params.minArb}
        {...LIMITS[isEv ? 'minEv' : 'minArb']}
        step={0.1}
        onChange={(value) => {
          setParams({ [isEv ? 'minEv' : 'minArb']: value });
        }}
      />
      {isEv && (
        <NumberField
          id="opportunity-max-price"
          label="Max price"
          value={params.maxPrice}
          {...LIMITS.maxPrice}
          step={0.5}
          optional
          placeholder="Any"
          onChange={(value) => {
            setParams({ maxPrice: value });
          }}
        />
      )}
      <FilterSelect
        id="opportunity-age"
        label="Max quote age"
        value={params.maxAgeSec === null ? '' : String(params.maxAgeSec)}
        anyLabel="Any"
        options={AGE_OPTIONS}
        onChange={(value) => {
          setParams({ age: value });
        }}
      />
    </>
  );
}
