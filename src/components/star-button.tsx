// A star that puts a fixture or a market on the watchlist (or takes it off): a toggle button whose
// pressed state and name say which, so a screen reader hears "Star Arsenal – Chelsea, not pressed".
export interface StarButtonProps {
  readonly starred: boolean;
  /** What is starred, in words: "Arsenal – Chelsea", "Match result". */
  readonly label: string;
  readonly onToggle: () => void;
  /** -1 inside a grid whose keyboard model keeps one tab stop: S on the focused cell toggles it. */
  readonly tabIndex?: number;
}

export function StarButton({ starred, label, onToggle, tabIndex }: StarButtonProps) {
  // In a grid (no tab stop of its own) the star is reached with S on its cell (use-grid-keyboard.ts).
  const inGrid = tabIndex === -1;
  return (
    <button
      type="button"
      className={starred ? 'star-button is-starred' : 'star-button'}
      aria-pressed={starred}
      aria-label={`Star ${label}`}
      title={`${starred ? `On your watchlist: click to remove ${label}` : `Add ${label} to your watchlist`}${inGrid ? ' (S on its row)' : ''}`}
      tabIndex={tabIndex}
      data-star=""
      aria-keyshortcuts={inGrid ? 'S' : undefined}
      onClick={(event) => {
        // A star sits in rows and titles that react to clicks themselves (links, grid cells).
        event.preventDefault();
        event.stopPropagation();
        onToggle();
      }}
    >
      <span aria-hidden="true">{starred ? '★' : '☆'}</span>
    </button>
  );
}
