// One labelled <select> of a list page's filter bar. It only shows a value and reports the
// chosen one as text: what a choice means for the page's URL filters stays with the caller.

/** One option of a {@link FilterSelect}: its value as text and what the user reads. */
export interface FilterOption {
  readonly value: string;
  readonly label: string;
}

export interface FilterSelectProps {
  /** The select's element id (the label points at it); unique in the page. */
  readonly id: string;
  readonly label: string;
  /** The chosen option's value; '' chooses the `anyLabel` option. */
  readonly value: string;
  /** The first option, value '' ("no filter", e.g. "All sports"); leave out where a value is always chosen. */
  readonly anyLabel?: string;
  /** Option values must be unique (they are the React keys). */
  readonly options: readonly FilterOption[];
  /** The chosen option's value, '' for the `anyLabel` option. */
  readonly onChange: (value: string) => void;
}

/** A labelled select inside a `.filter` cell of a `.filter-bar`. */
export function FilterSelect({ id, label, value, anyLabel, options, onChange }: FilterSelectProps) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
