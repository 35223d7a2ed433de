// The board's arrangement, behind one disclosure in the toolbar: which books to show and in what
// order, sharp books first, row density, and the commission rate of each book that charges one.
// Kept per service (src/settings/board-prefs-store.ts).
import { useId } from 'react';
import { commissionOf, DEFAULT_COMMISSION } from '../../domain/commission.ts';
import { DENSITIES, type BoardPrefs } from '../../settings/board-prefs-store.ts';
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
  // Commission applies to the books that charge one by default and to any the trader set.
  const charging = books.filter((b) => b in DEFAULT_COMMISSION || b in prefs.commission);
  return (
    <details className="books-panel">
      <summary>Books, density and commission</summary>
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
        {charging.length > 0 && (
          <fieldset>
            <legend>Commission on winnings (best price, arbitrage and EV compare prices net of it)</legend>
            {charging.map((bookmaker) => (
              <label key={bookmaker} className="commission-field">
                {nameOf(bookmaker)}{' '}
                <input
                  type="number"
                  min={0}
                  max={99}
                  step={0.1}
                  value={Number((commissionOf(bookmaker, prefs.commission) * 100).toFixed(2))}
                  onChange={(event) => {
                    const percent = event.target.valueAsNumber;
                    if (!Number.isFinite(percent) || percent < 0 || percent >= 100) return;
                    update({ commission: { ...prefs.commission, [bookmaker]: percent / 100 } });
                  }}
                />
                % <span className="muted">(default {((DEFAULT_COMMISSION[bookmaker] ?? 0) * 100).toFixed(1)}%)</span>
              </label>
            ))}
          </fieldset>
        )}
      </div>
    </details>
  );
}
