// The editor of one fair line (src/domain/fair-line.ts): its name, one book or a weighted
// consensus (a weight per book, the minimum number of books, an optional required book). Saving
// goes through the store's validation; each problem shows beside its field, naming it.
import { useId, useState } from 'react';
import type { FairLinePreset, PresetProblem } from '../../settings/fair-line-store.ts';

export interface FairLineEditorProps {
  /** The preset edited, or null for a new one. */
  readonly preset: FairLinePreset | null;
  /** The bookmakers to weigh: slug and name. */
  readonly books: readonly { readonly bookmaker: string; readonly name: string }[];
  /** Saves; answers the problems (nothing saved) or none. */
  readonly onSave: (preset: FairLinePreset) => PresetProblem[];
  readonly onClose: () => void;
}

type Kind = 'book' | 'consensus';

interface Draft {
  readonly name: string;
  readonly kind: Kind;
  readonly book: string;
  /** Typed weights, by slug ('' = no weight). */
  readonly weights: Readonly<Record<string, string>>;
  readonly minBooks: string;
  readonly requiredBook: string;
}

function draftOf(preset: FairLinePreset | null): Draft {
  const weights = preset?.weights ?? null;
  const slugs = weights === null ? [] : Object.keys(weights);
  const single = weights !== null && slugs.length === 1;
  return {
    name: preset?.name ?? '',
    kind: single ? 'book' : 'consensus',
    book: single ? (slugs[0] ?? '') : '',
    weights: Object.fromEntries(Object.entries(weights ?? {}).map(([slug, weight]) => [slug, String(weight)])),
    minBooks: String(preset?.minBooks ?? 1),
    requiredBook: preset?.requiredBook ?? '',
  };
}

/** The preset a draft describes; a typed weight that is not a number stays NaN for validation to name. */
function presetOf(draft: Draft): FairLinePreset {
  if (draft.kind === 'book') return { name: draft.name, weights: draft.book === '' ? {} : { [draft.book]: 1 }, minBooks: 1, requiredBook: draft.book === '' ? null : draft.book };
  const weights = Object.fromEntries(
    Object.entries(draft.weights)
      .filter(([, text]) => text.trim() !== '')
      .map(([slug, text]) => [slug, Number(text)]),
  );
  return { name: draft.name, weights, minBooks: draft.minBooks.trim() === '' ? Number.NaN : Number(draft.minBooks), requiredBook: draft.requiredBook === '' ? null : draft.requiredBook };
}

export function FairLineEditor({ preset, books, onSave, onClose }: FairLineEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(preset));
  const [problems, setProblems] = useState<readonly PresetProblem[]>([]);
  const update = (patch: Partial<Draft>): void => {
    setDraft((current) => ({ ...current, ...patch }));
  };
  const problemOf = (field: PresetProblem['field'], bookmaker?: string): string | undefined =>
    problems.find((p) => p.field === field && (bookmaker === undefined || p.bookmaker === bookmaker))?.message;
  const fieldError = (message: string | undefined, key: string) =>
    message === undefined ? null : (
      <span id={`${id}-${key}-error`} className="field-error" role="alert">
        {message}
      </span>
    );
  const weightsProblem = problems.find((p) => p.field === 'weights' && p.bookmaker === undefined)?.message;

  return (
    <form
      className="fair-line-editor"
      // Our messages name the field; the browser's own bubbles would block them and say less.
      noValidate
      aria-label={preset === null ? 'New fair line' : `Edit fair line ${preset.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.kind === 'book' && draft.book === '') {
          setProblems([{ field: 'weights', message: 'Book: choose the book whose prices make the fair line.' }]);
          return;
        }
        const found = onSave(presetOf(draft));
        setProblems(found);
        if (found.length === 0) onClose();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input id={`${id}-name`} type="text" value={draft.name} maxLength={80} aria-invalid={problemOf('name') !== undefined} onChange={(event) => { update({ name: event.target.value }); }} />
        {fieldError(problemOf('name'), 'name')}
      </div>
      <fieldset className="field">
        <legend>Made of</legend>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={draft.kind === 'book'} onChange={() => { update({ kind: 'book' }); }} /> One book
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={draft.kind === 'consensus'} onChange={() => { update({ kind: 'consensus' }); }} /> A weighted consensus
        </label>
      </fieldset>
      {draft.kind === 'book' ? (
        <div className="field">
          <label htmlFor={`${id}-book`}>Book</label>
          <select id={`${id}-book`} value={draft.book} onChange={(event) => { update({ book: event.target.value }); }}>
            <option value="">Choose a book</option>
            {books.map(({ bookmaker, name }) => (
              <option key={bookmaker} value={bookmaker}>
                {name}
              </option>
            ))}
          </select>
          {fieldError(weightsProblem, 'book')}
        </div>
      ) : (
        <>
          <fieldset className="field fair-line-weights">
            <legend>Weights (empty or 0: not counted)</legend>
            {books.map(({ bookmaker, name }) => {
              const problem = problemOf('weights', bookmaker);
              return (
                <div key={bookmaker} className="field-row">
                  <label htmlFor={`${id}-w-${bookmaker}`}>{name} weight</label>
                  <input
                    id={`${id}-w-${bookmaker}`}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step="any"
                    value={draft.weights[bookmaker] ?? ''}
                    aria-invalid={problem !== undefined}
                    onChange={(event) => { update({ weights: { ...draft.weights, [bookmaker]: event.target.value } }); }}
                  />
                  {fieldError(problem, `w-${bookmaker}`)}
                </div>
              );
            })}
            {fieldError(weightsProblem, 'weights')}
          </fieldset>
          <div className="field">
            <label htmlFor={`${id}-min`}>Minimum books</label>
            <input id={`${id}-min`} type="number" min={1} step={1} value={draft.minBooks} aria-invalid={problemOf('minBooks') !== undefined} onChange={(event) => { update({ minBooks: event.target.value }); }} />
            {fieldError(problemOf('minBooks'), 'min')}
          </div>
          <div className="field">
            <label htmlFor={`${id}-required`}>Required book</label>
            <select id={`${id}-required`} value={draft.requiredBook} aria-invalid={problemOf('requiredBook') !== undefined} onChange={(event) => { update({ requiredBook: event.target.value }); }}>
              <option value="">None</option>
              {books.map(({ bookmaker, name }) => (
                <option key={bookmaker} value={bookmaker}>
                  {name}
                </option>
              ))}
            </select>
            {fieldError(problemOf('requiredBook'), 'required')}
          </div>
        </>
      )}
      <div className="field-row">
        <button type="submit">Save fair line</button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
