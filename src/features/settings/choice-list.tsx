// A list of checkboxes for choosing some of many (bookmakers, sports); none chosen means all.
import { useId } from 'react';

export interface Choice<K extends string | number> {
  readonly key: K;
  readonly label: string;
}

export function ChoiceList<K extends string | number>({
  title,
  choices,
  chosen,
  onChange,
}: {
  readonly title: string;
  readonly choices: readonly Choice<K>[];
  readonly chosen: readonly K[];
  readonly onChange: (chosen: K[]) => void;
}) {
  const id = useId();
  const set = new Set(chosen);
  const toggle = (key: K) => {
    onChange(set.has(key) ? chosen.filter((k) => k !== key) : [...chosen, key]);
  };
  return (
    <fieldset className="field choice-list" aria-describedby={`${id}-hint`}>
      <legend>{title}</legend>
      <p id={`${id}-hint`} className="hint">
        {chosen.length === 0 ? 'None chosen: all that the key allows.' : `${String(chosen.length)} chosen.`}{' '}
        {chosen.length > 0 && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onChange([]);
            }}
          >
            Clear
          </button>
        )}
      </p>
      <div className="choices">
        {choices.map((choice) => (
          <label key={choice.key} className="choice">
            <input
              type="checkbox"
              checked={set.has(choice.key)}
              onChange={() => {
                toggle(choice.key);
              }}
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
