// Mounted once in the shell: tells the worker what counts as a move, turns the moves feed into
// alerts by the trader's rules, and shows a browser notification for a rule that asks for one
// when the user allowed them (asked only from a click: see notification-permission.tsx).
import { useEffect, useState } from 'react';
import { moveCandidate } from '../../domain/alert-rules.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useMovesPrefs } from '../../settings/use-moves-prefs.ts';
import { useAlertsStore } from './alerts-store.ts';
import { moveBooksText, moveTitle } from './move-text.ts';
import { useMoves, useMoveSettingsSync } from './use-moves.ts';

export function useRaiseAlerts(): void {
  useMoveSettingsSync();
  const moves = useMoves();
  const { rules } = useMovesPrefs();
  const nameOf = useBookmakerNameOf();
  // Moves from before this page opened (the worker's feed is shared by tabs) raise nothing here.
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    const candidates = moves.filter((m) => m.updatedAtMs >= openedAt).map(moveCandidate);
    const raised = useAlertsStore.getState().raise(rules, candidates, Date.now());
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    for (const alert of raised) {
      if (!alert.notify) continue;
      const { move } = alert.candidate;
      // The tag folds the same alert from several tabs into one notification.
      const notification = new Notification(moveTitle(move, undefined), { body: `${alert.ruleName}. ${moveBooksText(move, nameOf)}`, tag: `${alert.ruleId}|${alert.candidate.subject}` });
      notification.onclick = () => {
        window.focus();
      };
    }
  }, [moves, rules, openedAt, nameOf]);
}
