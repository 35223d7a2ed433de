// Why a picker has nothing to choose from. A key the service refuses (401) is the connection's
// matter, said once on the page (the reason it was opened with, or "Test connection"), so the
// pickers only point to it rather than each repeating it.
import { isUnauthorized } from '../../api/api-error.ts';
import { QueryFailure } from '../../components/query-failure.tsx';

export function PickerFailure({ what, error, onRetry }: { readonly what: string; readonly error: unknown; readonly onRetry: () => void }) {
  if (isUnauthorized(error)) return <p className="hint">The {what} are listed once the service accepts the key.</p>;
  return <QueryFailure error={error} onRetry={onRetry} />;
}
