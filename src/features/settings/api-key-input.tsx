// The API key field: masked by default, with a toggle to reveal it. The key is never logged and
// the browser is asked not to autofill or spell-check it.
import { useId, useState } from 'react';

export function ApiKeyInput({
  value,
  onChange,
  placeholder,
}: {
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly placeholder?: string;
}) {
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>API key</label>
      <div className="field-row">
        <input
          id={id}
          type={revealed ? 'text' : 'password'}
          value={value}
          placeholder={placeholder}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            onChange(event.target.value);
          }}
        />
        <button
          type="button"
          aria-pressed={revealed}
          aria-controls={id}
          onClick={() => {
            setRevealed((r) => !r);
          }}
        >
          {revealed ? 'Hide' : 'Show'}
        </button>
      </div>
    </div>
  );
}
