// The choice of the close a taken price is judged against (closing-line.ts ClvReference): the
// same book's, a sharp book's, or the consensus. One picker for the history page and the bet
// tracker, so both offer the same choice in the same words.
import { useId } from 'react';
import type { ClvReferenceChoice } from '../domain/closing-line.ts';

export interface ClvReferencePickerProps {
  readonly value: ClvReferenceChoice;
  readonly onChange: (value: ClvReferenceChoice) => void;
  /** The books the sharp book can be chosen from, by slug (the chosen one is offered even when absent). */
  readonly books: readonly string[];
  /** Bookmaker display name by slug. */
  readonly nameOf: (bookmaker: string) => string;
  /** Where the same book's close is shown, e.g. "each row above". */
  readonly sameBookWhere: string;
}

export function ClvReferencePicker({ value, onChange, books, nameOf, sameBookWhere }: ClvReferencePickerProps) {
  const name = useId();
  const choose = (kind: ClvReferenceChoice['kind']) => {
    onChange({ ...value, kind });
  };
  return (
    <fieldset className="clv-reference">
      <legend>Judge the price you took against</legend>
      <label className="filter-check">
        <input type="radio" name={name} checked={value.kind === 'same-book'} onChange={() => { choose('same-book'); }} />
        the same book&apos;s close ({sameBookWhere})
      </label>
      <label className="filter-check">
        <input type="radio" name={name} checked={value.kind === 'sharp'} onChange={() => { choose('sharp'); }} />
        a sharp book&apos;s close
      </label>
      <select
        aria-label="Sharp book"
        value={value.sharpBook}
        disabled={value.kind !== 'sharp'}
        onChange={(e) => {
          onChange({ ...value, sharpBook: e.target.value });
        }}
      >
        {!books.includes(value.sharpBook) && <option value={value.sharpBook}>{nameOf(value.sharpBook)}</option>}
        {books.map((book) => (
          <option key={book} value={book}>
            {nameOf(book)}
          </option>
        ))}
      </select>
      <label className="filter-check">
        <input type="radio" name={name} checked={value.kind === 'consensus'} onChange={() => { choose('consensus'); }} />
        the consensus close
      </label>
    </fieldset>
  );
}
