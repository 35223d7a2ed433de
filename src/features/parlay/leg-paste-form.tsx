// Pasting legs: a list of oddsIds or a parlayId. Every id is checked before the slip changes; a bad
// id is named with what is wrong with it, and more than 20 legs is refused with the limit stated.
import { useId, useState, type SyntheticEvent } from 'react';
import { MAX_LEGS } from '../../api/client.ts';
import { IdError, parseOddsId, splitIdList } from '../../domain/ids.ts';

/** Why a pasted list cannot become the slip, or the legs it holds. */
export function checkPastedLegs(text: string): { readonly ok: true; readonly legs: string[] } | { readonly ok: false; readonly errors: string[] } {
  const ids = [...new Set(splitIdList(text))];
  if (ids.length === 0) return { ok: false, errors: ['Paste at least one oddsId, or a parlayId.'] };
  const errors: string[] = [];
  for (const id of ids) {
    try {
      parseOddsId(id);
    } catch (error) {
      errors.push(error instanceof IdError ? error.message : `"${id}" is not a fixture oddsId.`);
    }
  }
  if (ids.length > MAX_LEGS) errors.push(`That is ${String(ids.length)} legs: a parlay holds at most ${String(MAX_LEGS)}. Remove ${String(ids.length - MAX_LEGS)}.`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, legs: ids };
}

export function LegPasteForm({ onLegs }: { readonly onLegs: (legs: readonly string[]) => void }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<readonly string[]>([]);
  const inputId = useId();
  const errorId = useId();
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const checked = checkPastedLegs(text);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors([]);
    setText('');
    onLegs(checked.legs);
  };
  return (
    <form className="leg-paste" onSubmit={submit}>
      <label htmlFor={inputId}>Paste oddsIds or a parlayId</label>
      <textarea
        id={inputId}
        rows={2}
        value={text}
        aria-invalid={errors.length > 0}
        aria-describedby={errors.length > 0 ? errorId : undefined}
        onChange={(event) => { setText(event.target.value); }}
        placeholder="id1000001761301227:bet365:101:0, id1000001761301227:bet365:1011:0"
      />
      <button type="submit">Use these legs</button>
      {errors.length > 0 && (
        <ul id={errorId} className="leg-paste-errors" role="alert">
          {errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </form>
  );
}
