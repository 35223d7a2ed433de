// The catalogue's search and filters. Each control offers the values present in the catalogue
// (with how many markets have each) and writes the URL state through `onChange`.
import { useId } from 'react';
import type { CatalogueFacets, CatalogueFilters } from '../../domain/catalogue-table.ts';
import { formatLine } from './markets-columns.tsx';

export interface MarketFiltersBarProps {
  readonly filters: CatalogueFilters;
  readonly facets: CatalogueFacets;
  readonly sportName: (sportId: number) => string;
  /** `typing` marks a keystroke in the search box (replace, not push, history). */
  readonly onChange: (next: CatalogueFilters, typing?: boolean) => void;
}

/** The single value of a list filter a select shows ('' for none; a multi-value URL shows its first). */
function first<T>(values: readonly T[] | undefined): T | '' {
  return values?.[0] ?? '';
}

export function MarketFiltersBar({ filters, facets, sportName, onChange }: MarketFiltersBarProps) {
  const id = useId();
  const line = filters.line?.values?.[0];
  return (
    <form
      className="filter-bar"
      aria-label="Market filters"
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <div className="filter">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          placeholder="Name, marketId, outcomeId or outcome"
          value={filters.search ?? ''}
          onChange={(event) => {
            const search = event.target.value;
            onChange(search === '' ? { ...filters, search: undefined } : { ...filters, search }, true);
          }}
        />
      </div>
      <div className="filter">
        <label htmlFor={`${id}-sport`}>Sport</label>
        <select
          id={`${id}-sport`}
          value={first(filters.sportIds)}
          onChange={(event) => {
            const value = event.target.value;
            // Types, periods and lines differ per sport: a new sport starts them afresh.
            const rest = { ...filters, sportIds: undefined, marketTypes: undefined, periods: undefined, line: undefined };
            onChange(value === '' ? rest : { ...rest, sportIds: [Number(value)] });
          }}
        >
          <option value="">All sports</option>
          {facets.sportIds.map(({ value, count }) => (
            <option key={value} value={value}>
              {sportName(value)} ({count})
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-type`}>Market type</label>
        <select
          id={`${id}-type`}
          value={first(filters.marketTypes)}
          onChange={(event) => {
            const value = event.target.value;
            const rest = { ...filters, marketTypes: undefined };
            onChange(value === '' ? rest : { ...rest, marketTypes: [value] });
          }}
        >
          <option value="">All types</option>
          {facets.marketTypes.map(({ value, count }) => (
            <option key={value} value={value}>
              {value} ({count})
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-period`}>Period</label>
        <select
          id={`${id}-period`}
          value={first(filters.periods)}
          onChange={(event) => {
            const value = event.target.value;
            const rest = { ...filters, periods: undefined };
            onChange(value === '' ? rest : { ...rest, periods: [value] });
          }}
        >
          <option value="">All periods</option>
          {facets.periods.map(({ value, count }) => (
            <option key={value} value={value}>
              {value} ({count})
            </option>
          ))}
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-prop`}>Player prop</label>
        <select
          id={`${id}-prop`}
          value={filters.playerProp === true ? 'true' : filters.playerProp === false ? 'false' : ''}
          onChange={(event) => {
            const value = event.target.value;
            const rest = { ...filters, playerProp: undefined };
            onChange(value === '' ? rest : { ...rest, playerProp: value === 'true' });
          }}
        >
          <option value="">Either</option>
          <option value="true">Player props only</option>
          <option value="false">No player props</option>
        </select>
      </div>
      <div className="filter">
        <label htmlFor={`${id}-line`}>Line</label>
        <select
          id={`${id}-line`}
          value={line === undefined ? '' : String(line)}
          onChange={(event) => {
            const value = event.target.value;
            const rest = { ...filters, line: undefined };
            onChange(value === '' ? rest : { ...rest, line: { values: [Number(value)] } });
          }}
        >
          <option value="">All lines</option>
          {facets.lines.map(({ value, count }) => (
            <option key={value} value={String(value)}>
              {formatLine(value)} ({count})
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className="filter-clear"
        disabled={Object.keys(filters).length === 0}
        onClick={() => {
          onChange({});
        }}
      >
        Clear filters
      </button>
    </form>
  );
}
