// The alert rules of this service: each can be switched on or off, notify or not, or deleted; a
// new move rule is added below. (EV and arbitrage rules join with the opportunities scanner.)
import { useState, type SyntheticEvent } from 'react';
import type { MoveRule } from '../../domain/alert-rules.ts';
import type { MoveKind } from '../../domain/moves.ts';
import { useMovesActions, useMovesPrefs } from '../../settings/use-moves-prefs.ts';
import { formatPoints, KIND_LABEL } from './move-text.ts';

const KINDS: readonly MoveKind[] = ['steam', 'drop'];

export function AlertRulesForm() {
  const { rules } = useMovesPrefs();
  const { saveRule, removeRule } = useMovesActions();
  const [name, setName] = useState('');
  const [kinds, setKinds] = useState<readonly MoveKind[]>(['steam']);
  const [minPoints, setMinPoints] = useState('0');
  const [repeatMinutes, setRepeatMinutes] = useState('10');
  const [notify, setNotify] = useState(true);
  const [includeLive, setIncludeLive] = useState(false);
  const [problems, setProblems] = useState<readonly { readonly field: string; readonly message: string }[]>([]);
  const add = (event: SyntheticEvent): void => {
    event.preventDefault();
    const rule: MoveRule = { id: `rule-${String(Date.now())}`, name, kind: 'move', moveKinds: kinds, minPoints: Number(minPoints), includeLive, repeatMinutes: Number(repeatMinutes), notify, enabled: true };
    const found = saveRule(rule);
    setProblems(found);
    if (found.length === 0) setName('');
  };
  return (
    <div className="alert-rules">
      {rules.length === 0 ? <p>No rules: no move raises an alert.</p> : null}
      <ul className="alert-rules-list">
        {rules.map((rule) => (
          <li key={rule.id} data-rule-id={rule.id}>
            <strong>{rule.name}</strong> — {rule.moveKinds.map((k) => KIND_LABEL[k]).join(' and ')}
            {rule.minPoints > 0 ? ` of ${formatPoints(rule.minPoints)} or more` : ''}, {rule.includeLive ? 'pre-game and in play' : 'pre-game only'}, not repeated within{' '}
            {rule.repeatMinutes} min{' '}
            <label>
              <input type="checkbox" checked={rule.enabled} onChange={() => saveRule({ ...rule, enabled: !rule.enabled })} /> on
            </label>{' '}
            <label>
              <input type="checkbox" checked={rule.notify} onChange={() => saveRule({ ...rule, notify: !rule.notify })} /> browser notification
            </label>{' '}
            <button
              type="button"
              onClick={() => {
                removeRule(rule.id);
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <form className="alert-rule-add" onSubmit={add} aria-label="Add a move rule">
        <label>
          Name
          <input value={name} onChange={(event) => { setName(event.target.value); }} />
        </label>
        {KINDS.map((kind) => (
          <label key={kind}>
            <input
              type="checkbox"
              checked={kinds.includes(kind)}
              onChange={() => {
                setKinds(kinds.includes(kind) ? kinds.filter((k) => k !== kind) : [...kinds, kind]);
              }}
            />{' '}
            {KIND_LABEL[kind]}
          </label>
        ))}
        <label>
          Minimum size (points)
          <input type="number" step="0.1" value={minPoints} onChange={(event) => { setMinPoints(event.target.value); }} />
        </label>
        <label>
          Do not repeat within (minutes)
          <input type="number" step="1" value={repeatMinutes} onChange={(event) => { setRepeatMinutes(event.target.value); }} />
        </label>
        <label>
          <input type="checkbox" checked={includeLive} onChange={() => { setIncludeLive(!includeLive); }} /> in play too
        </label>
        <label>
          <input type="checkbox" checked={notify} onChange={() => { setNotify(!notify); }} /> browser notification
        </label>
        <button type="submit">Add rule</button>
        {problems.map((p) => (
          <span key={p.field} className="field-error">
            {p.message}
          </span>
        ))}
      </form>
    </div>
  );
}
