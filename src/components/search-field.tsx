// The free-text search box of a list page's filter bar. Every keystroke is reported, so the
// caller decides how it reaches the URL (list pages replace the history entry while typing).

export interface SearchFieldProps {
  /** The input's element id (the label points at it); unique in the page. */
  readonly id: string;
  readonly label: string;
  /** Says what the search looks through, e.g. "Team, tournament or fixtureId". */
  readonly placeholder: string;
  readonly value: string;
  /** The box's whole text after a keystroke ('' once emptied). */
  readonly onChange: (text: string) => void;
}

/** A labelled `type="search"` input inside a `.filter` cell of a `.filter-bar`. */
export function SearchField({ id, label, placeholder, value, onChange }: SearchFieldProps) {
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        placeholder={placeholder}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
