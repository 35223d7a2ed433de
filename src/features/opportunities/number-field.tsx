// A labelled number input of the opportunities page. It keeps what the user types, and hands the
// page (the URL) only a value within [min, max]: anything else stays in the box with a sentence
// naming the field and its range, instead of being silently replaced by the default.
import { useId, useState } from 'react';

export interface NumberFieldProps {
  readonly id: string;
  readonly label: string;
  /** The value in force (null: none, for an optional field). */
  readonly value: number | null;
  readonly min: number;
  readonly max: number;
  readonly step?: number;
  /** An empty box means "no limit" (the value null) instead of an error. */
  readonly optional?: boolean;
  readonly placeholder?: string;
  /** A valid value as typed, or '' for an emptied optional field. */
  readonly onChange: (value: string) => void;
}

/** Why `text` is not a value of the field, or null when it is. */
export function numberFieldProblem(text: string, label: string, min: number, max: number, optional: boolean): string | null {
  if (text.trim() === '') return optional ? null : `${label}: enter a number.`;
  const value = Number(text);
  if (!Number.isFinite(value)) return `${label}: "${text}" is not a number.`;
  if (value < min || value > max) return `${label}: must be from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.`;
  return null;
}

export function NumberField({ id, label, value, min, max, step, optional = false, placeholder, onChange }: NumberFieldProps) {
  const [text, setText] = useState(value === null ? '' : String(value));
  const [shown, setShown] = useState(value);
  // The value changed from outside (a saved view, the back button): show it.
  if (shown !== value) {
    setShown(value);
    setText(value === null ? '' : String(value));
  }
  const problem = numberFieldProblem(text, label, min, max, optional);
  const errorId = useId();
  return (
    <div className="filter">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={step ?? 1}
        value={text}
        placeholder={placeholder}
        aria-invalid={problem !== null}
        aria-describedby={problem === null ? undefined : errorId}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (numberFieldProblem(next, label, min, max, optional) !== null) return;
          const parsed = next.trim() === '' ? null : Number(next);
          setShown(parsed);
          onChange(next.trim());
        }}
      />
      {problem !== null && (
        <span id={errorId} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}
