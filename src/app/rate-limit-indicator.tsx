// Says when the dashboard is holding requests back because the service answered 429.
import { useSchedulerStatus } from '../api/use-api-client.ts';

export function RateLimitIndicator() {
  const { rateLimitedUntil } = useSchedulerStatus();
  if (rateLimitedUntil === null) return null;
  const at = new Date(rateLimitedUntil).toLocaleTimeString();
  return (
    <span className="rate-limit-indicator" role="status">
      Rate limited: waiting until {at}
    </span>
  );
}
