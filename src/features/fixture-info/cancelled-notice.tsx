// A cancelled fixture: "reissued as …" with a link to the replacement, or "no replacement". The
// replacement comes from the view when it carries `reissuedFixtureId` (the embedded service's
// views do), else from the CLV response, where spec 2.2 puts it. One hop: the replacement's own
// page points on if it was cancelled too.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { fixtureClvQuery, fixtureQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { reissuedFixtureIdOf } from './fixture-references.ts';

/** The path of a fixture's page. */
export function fixturePagePath(fixtureId: string): string {
  return `/fixtures/${encodeURIComponent(fixtureId)}`;
}

export function CancelledNotice({ view }: { readonly view: FixtureView }) {
  const client = useApiClient();
  const stated = reissuedFixtureIdOf(view);
  const clv = useQuery({ ...fixtureClvQuery(client, view.fixtureId), enabled: stated === undefined });
  const reissued = stated !== undefined ? stated : clv.data === undefined ? undefined : clv.data.reissuedFixtureId;
  const replacement = useQuery({ ...fixtureQuery(client, reissued ?? ''), enabled: typeof reissued === 'string' });

  let body;
  if (reissued === null) {
    body = 'This fixture was cancelled and has no replacement.';
  } else if (reissued === undefined) {
    body = clv.isError ? 'This fixture was cancelled. Whether it was reissued is unknown: the CLV endpoint, which says so, could not be read.' : 'This fixture was cancelled.';
  } else {
    const p = replacement.data?.participants;
    body = (
      <>
        This fixture was cancelled and reissued as{' '}
        <Link to={fixturePagePath(reissued)}>{p === undefined ? reissued : `${p.participant1Name} – ${p.participant2Name} (${reissued})`}</Link>.
      </>
    );
  }
  return (
    <p className="fixture-cancelled" role="status">
      {body}
    </p>
  );
}
