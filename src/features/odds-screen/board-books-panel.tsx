// The board's arrangement, behind one disclosure in the toolbar: which books to show and in what
// order, sharp books first and row density, kept per service (src/settings/board-prefs-store.ts);
// and the way to the exchanges' commission, which the settings page owns.
import { useId } from 'react';
import { Link } from 'react-router';
import { COMMISSION_ANCHOR, DENSITIES, type BoardPrefs } from '../../settings/board-prefs-store.ts';
import { SHARP_BOOKS } from './book-columns.ts';

export interface BoardBooksPanelProps {
  /** Every book of the board, in the order shown (hidden ones at their place in the order). */
  readonly books: readonly string[];
  readonly nameOf: (bookmaker: string) => string;
  readonly prefs: BoardPrefs;
  readonly update: (patch: Partial<BoardPrefs>) => void;
}

function moved(list: readonly string[], index: number, by: -1 | 1): string[] {
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(index + by, 0, item);
  return next;
}

export function BoardBooksPanel({ books, nameOf, prefs, update }: BoardBooksPanelProps) {
  const id = useId();
  const hidden = new Set(prefs.hidden);
  return (
    <details className="books-panel">
      <summary>Books and density</summary>
      <div className="books-panel-body">
        <fieldset>
          <legend>Books: shown, in this order (hidden books are left out of best price, arbitrage and EV)</legend>
          <ol className="books-order">
            {books.map((bookmaker, index) => (
              <li key={bookmaker}>
                <label>
                  <input
                    type="checkbox"
                    checked={!hidden.has(bookmaker)}
                    onChange={(event) => {
                      update({ hidden: event.target.checked ? prefs.hidden.filter((b) => b !== bookmaker) : [...prefs.hidden, bookmaker] });
                    }}
                  />{' '}
                  {nameOf(bookmaker)}
                  {SHARP_BOOKS.has(bookmaker) && <span className="muted"> (sharp)</span>}
                </label>
                <button type="button" aria-label={`Move ${nameOf(bookmaker)} up`} disabled={index === 0} onClick={() => { update({ order: moved(books, index, -1) }); }}>
                  ↑
                </button>
                <button type="button" aria-label={`Move ${nameOf(bookmaker)} down`} disabled={index === books.length - 1} onClick={() => { update({ order: moved(books, index, 1) }); }}>
                  ↓
                </button>
              </li>
            ))}
          </ol>
          <label>
            <input type="checkbox" checked={prefs.sharpFirst} onChange={(event) => { update({ sharpFirst: event.target.checked }); }} /> Sharp books first
          </label>
        </fieldset>
        <fieldset>
          <legend>Row density</legend>
          {DENSITIES.map((density) => (
            <label key={density} className="choice">
              <input type="radio" name={`${id}-density`} checked={prefs.density === density} onChange={() => { update({ density }); }} /> {density === 'comfortable' ? 'Comfortable' : 'Compact'}
            </label>
          ))}
        </fieldset>
        <p className="books-panel-commission">
          Best price, arbitrage and EV compare prices net of each exchange&apos;s commission:{' '}
          <Link to={`/settings#${COMMISSION_ANCHOR}`}>set the commission rates in Settings</Link>.
        </p>
      </div>
    </details>
  );
}
