// The alert rules of this service — moves, +EV at my books, arbitrage: each can be switched on or
// off, notify or not, edited or deleted; a new rule of any kind is added below.
import { useState } from 'react';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useMovesActions, useMovesPrefs } from '../../settings/use-moves-prefs.ts';
import { AlertRuleEditor } from './alert-rule-editor.tsx';
import { draftOf, NEW_RULE, ruleSummary, type RuleDraft } from './rule-draft.ts';

export function AlertRulesForm() {
  const { rules } = useMovesPrefs();
  const { saveRule, removeRule } = useMovesActions();
  const nameOf = useBookmakerNameOf();
  const [editing, setEditing] = useState<RuleDraft>(NEW_RULE);
  // A new key per edit (and after a save) gives the editor a fresh draft.
  const [round, setRound] = useState(0);
  const edit = (draft: RuleDraft): void => {
    setEditing(draft);
    setRound(round + 1);
  };
  return (
    <div className="alert-rules">
      {rules.length === 0 ? <p>No rules: nothing raises an alert.</p> : null}
      <ul className="alert-rules-list">
        {rules.map((rule) => (
          <li key={rule.id} data-rule-id={rule.id} data-rule-kind={rule.kind}>
            <strong>{rule.name}</strong> — {ruleSummary(rule, nameOf)}, not repeated within {rule.repeatMinutes} min{' '}
            <label>
              <input type="checkbox" checked={rule.enabled} onChange={() => saveRule({ ...rule, enabled: !rule.enabled })} /> on
            </label>{' '}
            <label>
              <input type="checkbox" checked={rule.notify} onChange={() => saveRule({ ...rule, notify: !rule.notify })} /> browser notification
            </label>{' '}
            <button
              type="button"
              aria-label={`Edit ${rule.name}`}
              onClick={() => {
                edit(draftOf(rule));
              }}
            >
              Edit
            </button>{' '}
            <button
              type="button"
              aria-label={`Delete ${rule.name}`}
              onClick={() => {
                removeRule(rule.id);
                if (editing.id === rule.id) edit(NEW_RULE);
              }}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
      <AlertRuleEditor
        key={round}
        initial={editing}
        onDone={() => {
          edit(NEW_RULE);
        }}
      />
    </div>
  );
}
