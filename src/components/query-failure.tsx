// A failed REST call in words, where the data would have been: "not offered" for an endpoint the
// service lacks, otherwise the sentence of `describeFailure` (key not valid, key lacks access,
// waiting for the rate limit, cannot reach the service).
import { describeFailure, NotOfferedError } from '../api/api-error.ts';
import { NotOffered } from './not-offered.tsx';

export function QueryFailure({ error, onRetry }: { readonly error: unknown; readonly onRetry?: () => void }) {
  if (error instanceof NotOfferedError) return <NotOffered endpoint={error.endpoint} />;
  return (
    <div className="query-failure" role="alert">
      <p>{describeFailure(error)}</p>
      {onRetry !== undefined && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
