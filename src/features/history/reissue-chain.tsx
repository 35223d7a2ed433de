// The replacements of a cancelled fixture: `reissuedFixtureId` points one hop only, so each hop's
// own CLV answer is read to find the next, up to a bound that stops a cycle.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fixtureClvQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';

/** Hops followed at most; a longer chain is shown as cut off rather than followed forever. */
const MAX_HOPS = 5;

function historyLink(fixtureId: string): string {
  return `/fixtures/${encodeURIComponent(fixtureId)}/history`;
}

/** A notice for a cancelled fixture: its replacement(s), or that it was cancelled for good. */
export function ReissueChain({ fixtureId, next, cancelled }: { readonly fixtureId: string; readonly next: string | null; readonly cancelled: boolean }) {
  if (!cancelled && next === null) return null;
  return (
    <div className="reissue-chain" role="note">
      {next === null ? (
        <p>This fixture was cancelled without a replacement.</p>
      ) : (
        <p>
          This fixture was cancelled and reissued: <span className="chain-start">{fixtureId}</span>
          <Hop fixtureId={next} seen={[fixtureId]} />
        </p>
      )}
    </div>
  );
}

function Hop({ fixtureId, seen }: { readonly fixtureId: string; readonly seen: readonly string[] }) {
  const client = useApiClient();
  const clv = useQuery(fixtureClvQuery(client, fixtureId));
  const cycle = seen.includes(fixtureId);
  const next = clv.data?.reissuedFixtureId ?? null;
  return (
    <>
      {' → '}
      <Link to={historyLink(fixtureId)}>{fixtureId}</Link>
      {clv.data !== undefined && <span className="muted"> ({clv.data.status.statusName})</span>}
      {cycle || seen.length >= MAX_HOPS ? (
        <span className="muted"> (chain not followed further)</span>
      ) : next !== null ? (
        <Hop fixtureId={next} seen={[...seen, fixtureId]} />
      ) : null}
    </>
  );
}
