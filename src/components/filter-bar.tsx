// The form around a list page's filter controls, with its "Clear filters" button. The filters
// live in the URL, so the form never submits: Enter in a field must not reload the page.
import type { ReactNode } from 'react';

export interface FilterBarProps {
  /** The form's accessible name, e.g. "Fixture filters". */
  readonly label: string;
  /**
   * The filters as parsed from the URL (unset ones left out): "Clear filters" is enabled while
   * they hold any key.
   */
  readonly filters: object;
  /** Sets the empty filters. */
  readonly onClear: () => void;
  /** The controls (`FilterSelect`, `SearchField`, …), in display order. */
  readonly children: ReactNode;
}

/** A `.filter-bar` form: the controls, then a "Clear filters" button. */
export function FilterBar({ label, filters, onClear, children }: FilterBarProps) {
  return (
    <form
      className="filter-bar"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      {children}
      <button
        type="button"
        className="filter-clear"
        disabled={Object.keys(filters).length === 0}
        onClick={() => {
          onClear();
        }}
      >
        Clear filters
      </button>
    </form>
  );
}
