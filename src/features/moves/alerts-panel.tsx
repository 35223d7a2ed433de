// The alert list under the shell's bell: newest first, each naming its rule and what raised it —
// a move with the books that moved and those still on the old price, a +EV price with its book, or
// an arbitrage with each leg's book — with a link to the fixture's odds screen (on the price).
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import type { MoveEvent } from '../../domain/moves.ts';
import { formatPrice } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { useAlertsStore } from './alerts-store.ts';
import { alertBooks, alertBooksText, alertHref, alertTitle, type AlertWords } from './alert-text.ts';
import { NotificationPermission } from './notification-permission.tsx';
import { useMoveLabels } from './use-move-labels.ts';

export function AlertsPanel({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const alerts = useAlertsStore((s) => s.alerts);
  const clear = useAlertsStore((s) => s.clear);
  const moves = useMemo(() => alerts.flatMap((a): MoveEvent[] => (a.candidate.kind === 'move' ? [a.candidate.move] : [])), [alerts]);
  const { labels } = useMoveLabels(moves);
  const nameOf = useBookmakerNameOf();
  const oddsFormat = useSettings((s) => s.oddsFormat);
  const words: AlertWords = { nameOf, price: (decimal) => formatPrice(decimal, oddsFormat), moveLabel: (move) => labels.get(move.id) };
  const { format } = useTimeZone();
  return (
    <div
      id={id}
      className="alerts-panel"
      role="region"
      aria-label="Alerts"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <div className="alerts-panel-head">
        <strong>Alerts</strong>
        <Link to="/moves#rules" onClick={onClose}>
          Rules
        </Link>
        <button type="button" onClick={clear} disabled={alerts.length === 0}>
          Clear
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <NotificationPermission />
      {alerts.length === 0 ? (
        <p className="alerts-empty">No alerts since this page opened. Rules on the moves page decide what raises one: moves, +EV prices, arbitrages.</p>
      ) : (
        <ul className="alerts-list">
          {alerts.map((alert) => {
            const { candidate } = alert;
            const books = alertBooks(candidate).join(',');
            const kind = candidate.kind === 'move' ? { 'data-move-kind': candidate.move.kind, 'data-moved-books': books } : { 'data-books': books };
            return (
              <li key={alert.id} data-alert-rule={alert.ruleId} data-alert-kind={candidate.kind} {...kind}>
                <span className="alerts-time">{format(alert.atMs)}</span> <span className="alerts-rule">{alert.ruleName}</span>
                <Link to={alertHref(candidate)} onClick={onClose}>
                  {alertTitle(candidate, words)}
                </Link>
                <span className="alerts-books">{alertBooksText(candidate, words)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
