// Browser notifications: asked for only when the user clicks (browsers ignore or punish a prompt
// nobody asked for), and the current answer said plainly.
import { useState } from 'react';

export function NotificationPermission() {
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState<NotificationPermission | 'unsupported'>(supported ? Notification.permission : 'unsupported');
  if (permission === 'unsupported') return <p className="alerts-permission">This browser has no notifications; alerts show here only.</p>;
  if (permission === 'granted') return <p className="alerts-permission">Browser notifications are on for rules that ask for them.</p>;
  if (permission === 'denied') return <p className="alerts-permission">Browser notifications are blocked in this site&apos;s browser settings; alerts show here only.</p>;
  return (
    <button
      type="button"
      className="alerts-permission"
      onClick={() => {
        void Notification.requestPermission().then(setPermission);
      }}
    >
      Allow browser notifications
    </button>
  );
}
