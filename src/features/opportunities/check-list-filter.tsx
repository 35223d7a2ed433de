// A filter of several values at once (sports, market families, books): a summary naming what is
// chosen, opening onto a list of checkboxes. Nothing ticked means no filter.
import type { FilterOption } from '../../components/filter-select.tsx';

export interface CheckListFilterProps {
  readonly label: string;
  /** What "nothing ticked" means, e.g. "every sport". */
  readonly anyLabel: string;
  readonly options: readonly FilterOption[];
  readonly chosen: readonly string[];
  readonly onChange: (chosen: string[]) => void;
}

export function CheckListFilter({ label, anyLabel, options, chosen, onChange }: CheckListFilterProps) {
  const names = options.filter((o) => chosen.includes(o.value)).map((o) => o.label);
  const summary = chosen.length === 0 ? anyLabel : names.length <= 2 ? names.join(', ') : `${String(chosen.length)} chosen`;
  return (
    <details className="filter check-filter">
      <summary>
        {label}: <span className="check-filter-value">{summary}</span>
      </summary>
      <fieldset>
        <legend className="visually-hidden">{label}</legend>
        {options.map((option) => (
          <label key={option.value}>
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value));
              }}
            />{' '}
            {option.label}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
