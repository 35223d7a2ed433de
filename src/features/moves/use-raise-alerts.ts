// Mounted once in the shell: tells the worker what counts as a move and what the EV and arbitrage
// rules need scanned, turns the moves feed and the scan's rows into alerts by the trader's rules,
// and shows a browser notification for a rule that asks for one when the user allowed them (asked
// only from a click: see notification-permission.tsx).
import { useEffect, useMemo, useState } from 'react';
import { arbitrageCandidate, evCandidate, moveCandidate, type Alert } from '../../domain/alert-rules.ts';
import { formatPrice } from '../../domain/odds-format.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useMovesPrefs } from '../../settings/use-moves-prefs.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useAlertsStore } from './alerts-store.ts';
import { alertBooksText, alertTitle, type AlertWords } from './alert-text.ts';
import { useMoves, useMoveSettingsSync } from './use-moves.ts';
import { useOpportunityAlertFinds } from './use-opportunity-alerts.ts';

function notify(raised: readonly Alert[], words: AlertWords): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  for (const alert of raised) {
    if (!alert.notify) continue;
    // The tag folds the same alert from several tabs into one notification.
    const notification = new Notification(alertTitle(alert.candidate, words), { body: `${alert.ruleName}. ${alertBooksText(alert.candidate, words)}`, tag: `${alert.ruleId}|${alert.candidate.subject}` });
    notification.onclick = () => {
      window.focus();
    };
  }
}

export function useRaiseAlerts(): void {
  useMoveSettingsSync();
  const moves = useMoves();
  const finds = useOpportunityAlertFinds();
  const { rules } = useMovesPrefs();
  const nameOf = useBookmakerNameOf();
  const format = useSettings((s) => s.oddsFormat);
  const words = useMemo<AlertWords>(() => ({ nameOf, price: (decimal) => formatPrice(decimal, format), moveLabel: () => undefined }), [nameOf, format]);
  // Moves from before this page opened (the worker's feed is shared by tabs) raise nothing here.
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    const candidates = moves.filter((m) => m.updatedAtMs >= openedAt).map(moveCandidate);
    notify(useAlertsStore.getState().raise(rules, candidates, Date.now()), words);
  }, [moves, rules, openedAt, words]);
  // Opportunities are what is open now: a rule hears of one whenever it is still open after its
  // repeat window (an arbitrage that keeps its legs is one subject however its prices move).
  useEffect(() => {
    if (finds === null) return;
    const candidates = [...finds.ev.map(evCandidate), ...finds.arb.map(arbitrageCandidate)];
    notify(useAlertsStore.getState().raise(rules, candidates, Date.now()), words);
  }, [finds, rules, words]);
}
