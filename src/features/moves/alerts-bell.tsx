// The shell's alert bell (a word, not an emoji: not every system has an emoji font): how many alerts are unread, and the list on click. It also runs the
// rules (useRaiseAlerts), so alerts are raised on whichever page is open.
import { useId, useState } from 'react';
import { useAlertsStore } from './alerts-store.ts';
import { AlertsPanel } from './alerts-panel.tsx';
import { useRaiseAlerts } from './use-raise-alerts.ts';
import './alerts.css';

export function AlertsBell() {
  useRaiseAlerts();
  const unread = useAlertsStore((s) => s.unread);
  const markRead = useAlertsStore((s) => s.markRead);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = (): void => {
    setOpen(false);
  };
  return (
    <div className="alerts-bell">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={unread === 0 ? 'Alerts' : `Alerts, ${String(unread)} unread`}
        onClick={() => {
          if (!open) markRead();
          setOpen(!open);
        }}
      >
        Alerts
        {unread > 0 ? <span className="alerts-count">{unread}</span> : null}
      </button>
      {open ? <AlertsPanel id={panelId} onClose={close} /> : null}
    </div>
  );
}
