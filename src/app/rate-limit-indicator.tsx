// Says when the dashboard is holding requests back because the service answered 429.
import { useSchedulerStatus } from '../api/use-api-client.ts';
import { useTimeZone } from '../settings/use-time-zone.ts';

export function RateLimitIndicator() {
  const { rateLimitedUntil } = useSchedulerStatus();
  const { format } = useTimeZone();
  if (rateLimitedUntil === null) return null;
  const at = format(rateLimitedUntil);
  return (
    <span className="rate-limit-indicator" role="status">
      Rate limited: waiting until {at}
    </span>
  );
}
