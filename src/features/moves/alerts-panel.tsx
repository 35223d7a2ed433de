// The alert list under the shell's bell: newest first, each naming its rule, the move, the books
// that moved and those still on the old price, with a link to the fixture's odds screen.
import { Link } from 'react-router';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { useAlertsStore } from './alerts-store.ts';
import { moveBooksText, moveTitle } from './move-text.ts';
import { NotificationPermission } from './notification-permission.tsx';
import { useMoveLabels } from './use-move-labels.ts';

export function AlertsPanel({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const alerts = useAlertsStore((s) => s.alerts);
  const clear = useAlertsStore((s) => s.clear);
  const { labels } = useMoveLabels(alerts.map((a) => a.candidate.move));
  const nameOf = useBookmakerNameOf();
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
        <p className="alerts-empty">No alerts since this page opened. Rules on the moves page decide what raises one.</p>
      ) : (
        <ul className="alerts-list">
          {alerts.map((alert) => {
            const { move } = alert.candidate;
            return (
              <li key={alert.id} data-alert-rule={alert.ruleId} data-move-kind={move.kind} data-moved-books={move.moved.map((b) => b.bookmaker).join(',')}>
                <span className="alerts-time">{format(alert.atMs)}</span> <span className="alerts-rule">{alert.ruleName}</span>
                <Link to={`/fixtures/${encodeURIComponent(move.fixtureId)}`} onClick={onClose}>
                  {moveTitle(move, labels.get(move.id))}
                </Link>
                <span className="alerts-books">{moveBooksText(move, nameOf)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
