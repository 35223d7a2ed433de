// The catalogue's search and filters. Each control offers the values present in the catalogue
// (with how many markets have each) and writes the URL state through `onChange`.
import { useId } from 'react';
import { FilterBar } from '../../components/filter-bar.tsx';
import { FilterSelect, type FilterOption } from '../../components/filter-select.tsx';
import { SearchField } from '../../components/search-field.tsx';
import type { CatalogueFacets, CatalogueFilters, FacetValue } from '../../domain/catalogue-table.ts';
import { formatLine } from './markets-columns.tsx';

export interface MarketFiltersBarProps {
  readonly filters: CatalogueFilters;
  readonly facets: CatalogueFacets;
  readonly sportName: (sportId: number) => string;
  /** `typing` marks a keystroke in the search box (replace, not push, history). */
  readonly onChange: (next: CatalogueFilters, typing?: boolean) => void;
}

/** The single value of a list filter a select shows ('' for none; a multi-value URL shows its first). */
function first(values: readonly (string | number)[] | undefined): string {
  const value = values?.[0];
  return value === undefined ? '' : String(value);
}

/** A facet's values as options, each labelled with how many markets have it. */
function facetOptions<T extends string | number>(facet: readonly FacetValue<T>[], name: (value: T) => string): FilterOption[] {
  return facet.map(({ value, count }) => ({ value: String(value), label: `${name(value)} (${String(count)})` }));
}

const PLAYER_PROP_OPTIONS: readonly FilterOption[] = [
  { value: 'true', label: 'Player props only' },
  { value: 'false', label: 'No player props' },
];

export function MarketFiltersBar({ filters, facets, sportName, onChange }: MarketFiltersBarProps) {
  const id = useId();
  /** The filters with one of them set (undefined clears it), the others kept. */
  const set = <K extends keyof CatalogueFilters>(key: K, value: CatalogueFilters[K]) => {
    onChange({ ...filters, [key]: value });
  };
  return (
    <FilterBar
      label="Market filters"
      filters={filters}
      onClear={() => {
        onChange({});
      }}
    >
      <SearchField
        id={`${id}-q`}
        label="Search"
        placeholder="Name, marketId, outcomeId or outcome"
        value={filters.search ?? ''}
        onChange={(search) => {
          onChange({ ...filters, search: search === '' ? undefined : search }, true);
        }}
      />
      <FilterSelect
        id={`${id}-sport`}
        label="Sport"
        value={first(filters.sportIds)}
        anyLabel="All sports"
        options={facetOptions(facets.sportIds, sportName)}
        onChange={(value) => {
          // Types, periods and lines differ per sport: a new sport starts them afresh.
          onChange({
            ...filters,
            sportIds: value === '' ? undefined : [Number(value)],
            marketTypes: undefined,
            periods: undefined,
            line: undefined,
          });
        }}
      />
      <FilterSelect
        id={`${id}-type`}
        label="Market type"
        value={first(filters.marketTypes)}
        anyLabel="All types"
        options={facetOptions(facets.marketTypes, String)}
        onChange={(value) => {
          set('marketTypes', value === '' ? undefined : [value]);
        }}
      />
      <FilterSelect
        id={`${id}-period`}
        label="Period"
        value={first(filters.periods)}
        anyLabel="All periods"
        options={facetOptions(facets.periods, String)}
        onChange={(value) => {
          set('periods', value === '' ? undefined : [value]);
        }}
      />
      <FilterSelect
        id={`${id}-prop`}
        label="Player prop"
        value={filters.playerProp === true ? 'true' : filters.playerProp === false ? 'false' : ''}
        anyLabel="Either"
        options={PLAYER_PROP_OPTIONS}
        onChange={(value) => {
          set('playerProp', value === '' ? undefined : value === 'true');
        }}
      />
      <FilterSelect
        id={`${id}-line`}
        label="Line"
        value={first(filters.line?.values)}
        anyLabel="All lines"
        options={facetOptions(facets.lines, formatLine)}
        onChange={(value) => {
          set('line', value === '' ? undefined : { values: [Number(value)] });
        }}
      />
    </FilterBar>
  );
}
