// What a filtered list shows in place of its rows when no row passes the filters: says so, and
// offers the way out (clearing them) right there.

export interface NoMatchesProps {
  /** e.g. "No fixtures match these filters." */
  readonly message: string;
  /** Clears every filter (the page writes that to its URL). */
  readonly onClear: () => void;
}

/** An `.empty-state` block: the message and a "Clear filters" button. */
export function NoMatches({ message, onClear }: NoMatchesProps) {
  return (
    <div className="empty-state">
      <p>{message}</p>
      <button
        type="button"
        onClick={() => {
          onClear();
        }}
      >
        Clear filters
      </button>
    </div>
  );
}
