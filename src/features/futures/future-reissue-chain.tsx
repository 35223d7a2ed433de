// The replacements of a cancelled future: `reissuedFutureId` points one hop only, so each hop's
// own CLV answer is read to find the next, up to a bound that stops a cycle.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { futureClvQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';

const MAX_HOPS = 5;

/** A notice for a cancelled future: its replacement(s), or that it was cancelled for good. */
export function FutureReissueChain({ futureId, next, cancelled }: { readonly futureId: string; readonly next: string | null; readonly cancelled: boolean }) {
  if (!cancelled && next === null) return null;
  return (
    <div className="reissue-chain" role="note">
      {next === null ? (
        <p>This future was cancelled without a replacement.</p>
      ) : (
        <p>
          This future was cancelled and reissued: <span className="chain-start">{futureId}</span>
          <Hop futureId={next} seen={[futureId]} />
        </p>
      )}
    </div>
  );
}

function Hop({ futureId, seen }: { readonly futureId: string; readonly seen: readonly string[] }) {
  const client = useApiClient();
  const clv = useQuery(futureClvQuery(client, futureId));
  const next = clv.data?.reissuedFutureId ?? null;
  return (
    <>
      {' → '}
      <Link to={`/futures/${encodeURIComponent(futureId)}`}>{futureId}</Link>
      {clv.data !== undefined && <span className="muted"> ({clv.data.status.statusName})</span>}
      {seen.includes(futureId) || seen.length >= MAX_HOPS ? (
        <span className="muted"> (chain not followed further)</span>
      ) : next !== null ? (
        <Hop futureId={next} seen={[...seen, futureId]} />
      ) : null}
    </>
  );
}
