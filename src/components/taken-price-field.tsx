// The "Price you took" field of the CLV tables: a decimal, American or fractional price as
// typed, with the problem said beside it when the text is not a price.
import { useId } from 'react';

export interface TakenPriceFieldProps {
  readonly text: string;
  /** The parsed price (`parseTakenPrice(text)`), null when the text is not one. */
  readonly price: number | null;
  readonly onChange: (text: string) => void;
}

export function TakenPriceField({ text, price, onChange }: TakenPriceFieldProps) {
  const id = useId();
  const wrong = text.trim() !== '' && price === null;
  return (
    <>
      <label htmlFor={id}>Price you took</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        placeholder="2.10, +150 or 6/4"
        value={text}
        onChange={(e) => {
          onChange(e.target.value);
        }}
        aria-invalid={wrong}
      />
      {wrong && <span className="filter-problems">Not a price: type a decimal, American or fractional price.</span>}
    </>
  );
}
