// The form that adds or edits one alert rule of any kind — moves, +EV at my books, arbitrage —
// with each problem shown beside its field, naming it (the store validates: src/domain/alert-rules.ts).
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode, type SyntheticEvent } from 'react';
import { bookmakersQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { AlertRule, LiveScope } from '../../domain/alert-rules.ts';
import type { MoveKind } from '../../domain/moves.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { useMovesActions } from '../../settings/use-moves-prefs.ts';
import { KIND_LABEL } from './move-text.ts';
import { RULE_KIND_LABEL, ruleOf, type RuleDraft } from './rule-draft.ts';

const MOVE_KINDS: readonly MoveKind[] = ['steam', 'drop'];
const RULE_KINDS: readonly AlertRule['kind'][] = ['move', 'ev', 'arbitrage'];
const LIVE_LABEL: Readonly<Record<LiveScope, string>> = { all: 'Pre-game and in play', pregame: 'Pre-game only', live: 'In play only' };

type Problem = { readonly field: string; readonly message: string };

/** A field's problem, linked to its input by `aria-describedby`. */
function FieldError({ id, problem }: { readonly id: string; readonly problem: Problem | undefined }): ReactNode {
  return problem === undefined ? null : (
    <span id={id} className="field-error" role="alert">
      {problem.message}
    </span>
  );
}

/** Books I can bet at, as checkboxes (none ticked: every book). */
function BookChoice({ chosen, onChange, errorId, invalid }: { readonly chosen: readonly string[]; readonly onChange: (books: string[]) => void; readonly errorId: string; readonly invalid: boolean }) {
  const client = useApiClient();
  const { data } = useQuery(bookmakersQuery(client));
  return (
    <fieldset className="alert-rule-books" aria-describedby={invalid ? errorId : undefined}>
      <legend>Books I can bet at (none ticked: every book)</legend>
      {(data ?? []).map((b) => (
        <label key={b.bookmaker}>
          <input
            type="checkbox"
            checked={chosen.includes(b.bookmaker)}
            onChange={(event) => {
              onChange(event.target.checked ? [...chosen, b.bookmaker] : chosen.filter((s) => s !== b.bookmaker));
            }}
          />{' '}
          {bookmakerLabel(b)}
        </label>
      ))}
    </fieldset>
  );
}

export function AlertRuleEditor({ initial, onDone }: { readonly initial: RuleDraft; readonly onDone: () => void }) {
  const { saveRule } = useMovesActions();
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<readonly Problem[]>([]);
  const uid = useId();
  const set = (patch: Partial<RuleDraft>): void => {
    setDraft({ ...draft, ...patch });
  };
  const problemOf = (field: string): Problem | undefined => problems.find((p) => p.field === field);
  const errorId = (field: string): string => `${uid}-${field}`;
  const invalid = (field: string) => (problemOf(field) === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': errorId(field) });
  const error = (field: string) => <FieldError id={errorId(field)} problem={problemOf(field)} />;
  const save = (event: SyntheticEvent): void => {
    event.preventDefault();
    const found = saveRule(ruleOf(draft, `rule-${String(Date.now())}`));
    setProblems(found);
    if (found.length === 0) onDone();
  };
  const editing = initial.id !== null;
  return (
    <form className="alert-rule-add" onSubmit={save} aria-label={editing ? 'Edit the alert rule' : 'Add an alert rule'} noValidate>
      <label>
        Alerts on
        <select value={draft.kind} onChange={(event) => { set({ kind: event.target.value as AlertRule['kind'] }); }} disabled={editing}>
          {RULE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {RULE_KIND_LABEL[kind]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Name
        <input value={draft.name} onChange={(event) => { set({ name: event.target.value }); }} {...invalid('name')} />
      </label>
      {error('name')}
      {draft.kind === 'move' ? (
        <>
          {MOVE_KINDS.map((kind) => (
            <label key={kind}>
              <input
                type="checkbox"
                checked={draft.moveKinds.includes(kind)}
                onChange={() => {
                  set({ moveKinds: draft.moveKinds.includes(kind) ? draft.moveKinds.filter((k) => k !== kind) : [...draft.moveKinds, kind] });
                }}
                {...invalid('moveKinds')}
              />{' '}
              {KIND_LABEL[kind]}
            </label>
          ))}
          {error('moveKinds')}
          <label>
            Minimum size (points)
            <input type="number" step="0.1" value={draft.minPoints} onChange={(event) => { set({ minPoints: event.target.value }); }} {...invalid('minPoints')} />
          </label>
          {error('minPoints')}
          <label>
            <input type="checkbox" checked={draft.includeLive} onChange={() => { set({ includeLive: !draft.includeLive }); }} /> in play too
          </label>
        </>
      ) : (
        <>
          <label>
            {draft.kind === 'ev' ? 'Minimum EV (%)' : 'Minimum arbitrage (%)'}
            <input type="number" step="0.1" value={draft.minPercent} onChange={(event) => { set({ minPercent: event.target.value }); }} {...invalid('minPercent')} />
          </label>
          {error('minPercent')}
        </>
      )}
      {draft.kind === 'ev' ? (
        <>
          <label>
            Fixtures
            <select value={draft.live} onChange={(event) => { set({ live: event.target.value as LiveScope }); }}>
              {(['all', 'pregame', 'live'] as const).map((live) => (
                <option key={live} value={live}>
                  {LIVE_LABEL[live]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Maximum price (blank: any)
            <input type="number" step="0.5" min="1.01" value={draft.maxPrice} onChange={(event) => { set({ maxPrice: event.target.value }); }} {...invalid('maxPrice')} />
          </label>
          {error('maxPrice')}
          <BookChoice chosen={draft.books} onChange={(books) => { set({ books }); }} errorId={errorId('books')} invalid={problemOf('books') !== undefined} />
          {error('books')}
        </>
      ) : null}
      <label>
        Do not repeat within (minutes)
        <input type="number" step="1" value={draft.repeatMinutes} onChange={(event) => { set({ repeatMinutes: event.target.value }); }} {...invalid('repeatMinutes')} />
      </label>
      {error('repeatMinutes')}
      <label>
        <input type="checkbox" checked={draft.notify} onChange={() => { set({ notify: !draft.notify }); }} /> browser notification
      </label>
      <button type="submit">{editing ? 'Save rule' : 'Add rule'}</button>
      {editing ? (
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      ) : null}
    </form>
  );
}
