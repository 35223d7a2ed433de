// What counts as a move, edited in place: steam books, points, minutes and the dropping-odds
// threshold; saved per service, each bad field named.
import { useState, type SyntheticEvent } from 'react';
import { DEFAULT_MOVE_SETTINGS, type MoveSettings } from '../../domain/moves.ts';
import { useMovesActions, useMovesPrefs } from '../../settings/use-moves-prefs.ts';

const FIELDS: readonly { readonly key: keyof MoveSettings; readonly label: string; readonly step: string }[] = [
  { key: 'steamBooks', label: 'Steam: at least (books)', step: '1' },
  { key: 'steamPoints', label: 'each moving at least (points)', step: '0.1' },
  { key: 'steamMinutes', label: 'within (minutes)', step: '0.5' },
  { key: 'dropPoints', label: 'Dropping odds: opening → now at least (points)', step: '0.1' },
];

export function MoveSettingsForm() {
  const { settings } = useMovesPrefs();
  const { saveSettings } = useMovesActions();
  const [draft, setDraft] = useState<Record<keyof MoveSettings, string>>(() => textOf(settings));
  const [problems, setProblems] = useState<readonly { readonly field: keyof MoveSettings; readonly message: string }[]>([]);
  const [saved, setSaved] = useState(false);
  const submit = (event: SyntheticEvent): void => {
    event.preventDefault();
    const next: MoveSettings = { steamBooks: Number(draft.steamBooks), steamPoints: Number(draft.steamPoints), steamMinutes: Number(draft.steamMinutes), dropPoints: Number(draft.dropPoints) };
    const found = saveSettings(next);
    setProblems(found);
    setSaved(found.length === 0);
  };
  return (
    <form className="moves-settings" onSubmit={submit} aria-label="What counts as a move">
      {FIELDS.map(({ key, label, step }) => {
        const problem = problems.find((p) => p.field === key);
        return (
          <label key={key}>
            {label}
            <input
              type="number"
              step={step}
              value={draft[key]}
              aria-invalid={problem !== undefined}
              onChange={(event) => {
                setDraft({ ...draft, [key]: event.target.value });
                setSaved(false);
              }}
            />
            {problem === undefined ? null : <span className="field-error">{problem.message}</span>}
          </label>
        );
      })}
      <button type="submit">Save</button>
      <button
        type="button"
        onClick={() => {
          setDraft(textOf(DEFAULT_MOVE_SETTINGS));
          setSaved(false);
        }}
      >
        Defaults (3 books, 2 points, 2 minutes; drops 5 points)
      </button>
      {saved ? <span role="status">Saved.</span> : null}
    </form>
  );
}

function textOf(settings: MoveSettings): Record<keyof MoveSettings, string> {
  return { steamBooks: String(settings.steamBooks), steamPoints: String(settings.steamPoints), steamMinutes: String(settings.steamMinutes), dropPoints: String(settings.dropPoints) };
}
