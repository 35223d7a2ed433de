// The replacements of a cancelled fixture or future: `reissuedFixtureId` / `reissuedFutureId`
// points one hop only (spec 2.2, 2.7), so each hop's own CLV answer is read to find the next, up
// to a bound that stops a cycle. One component for both; a source says what it follows.
import { queryOptions, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApiClient } from '../api/client.ts';
import { fixtureClvQuery, futureClvQuery } from '../api/queries.ts';
import { useApiClient } from '../api/use-api-client.ts';
import './reissue-chain.css';

/** Hops followed at most; a longer chain is shown as cut off rather than followed forever. */
const MAX_HOPS = 5;

/** What one hop's CLV answer says: its status, and its own replacement (one hop further). */
export interface ReissueHop {
  readonly statusName: string;
  readonly next: string | null;
}

/** What a chain follows: a fixture's or a future's replacements. */
export interface ReissueSource<TQueryFnData, TKey extends QueryKey> {
  /** In the notice's words: "This fixture was cancelled …". */
  readonly noun: string;
  /** The hop's CLV query, read as a hop (its cache entry is the CLV page's own). */
  readonly hopQuery: (client: ApiClient, id: string) => UseQueryOptions<TQueryFnData, Error, ReissueHop, TKey>;
  /** Where a hop links to. */
  readonly hrefOf: (id: string) => string;
}

/** A cancelled fixture's replacements, each linked to its line movement. */
export const FIXTURE_REISSUES = {
  noun: 'fixture',
  hopQuery: (client: ApiClient, fixtureId: string) =>
    queryOptions({ ...fixtureClvQuery(client, fixtureId), select: (clv): ReissueHop => ({ statusName: clv.status.statusName, next: clv.reissuedFixtureId }) }),
  hrefOf: (fixtureId: string) => `/fixtures/${encodeURIComponent(fixtureId)}/history`,
};

/** A cancelled future's replacements, each linked to its page. */
export const FUTURE_REISSUES = {
  noun: 'future',
  hopQuery: (client: ApiClient, futureId: string) =>
    queryOptions({ ...futureClvQuery(client, futureId), select: (clv): ReissueHop => ({ statusName: clv.status.statusName, next: clv.reissuedFutureId }) }),
  hrefOf: (futureId: string) => `/futures/${encodeURIComponent(futureId)}`,
};

export interface ReissueChainProps<TQueryFnData, TKey extends QueryKey> {
  readonly source: ReissueSource<TQueryFnData, TKey>;
  /** The cancelled fixture or future. */
  readonly id: string;
  /** Its replacement as its own answer states it; null: none. */
  readonly next: string | null;
  readonly cancelled: boolean;
}

/** A notice for a cancelled fixture or future: its replacement(s), or that it was cancelled for good. */
export function ReissueChain<TQueryFnData, TKey extends QueryKey>({ source, id, next, cancelled }: ReissueChainProps<TQueryFnData, TKey>) {
  if (!cancelled && next === null) return null;
  return (
    <div className="reissue-chain" role="note">
      {next === null ? (
        <p>This {source.noun} was cancelled without a replacement.</p>
      ) : (
        <p>
          This {source.noun} was cancelled and reissued: <span className="chain-start">{id}</span>
          <Hop source={source} id={next} seen={[id]} />
        </p>
      )}
    </div>
  );
}

function Hop<TQueryFnData, TKey extends QueryKey>({ source, id, seen }: { readonly source: ReissueSource<TQueryFnData, TKey>; readonly id: string; readonly seen: readonly string[] }) {
  const client = useApiClient();
  const hop = useQuery(source.hopQuery(client, id));
  const next = hop.data?.next ?? null;
  return (
    <>
      {' → '}
      <Link to={source.hrefOf(id)}>{id}</Link>
      {hop.data !== undefined && <span className="muted"> ({hop.data.statusName})</span>}
      {seen.includes(id) || seen.length >= MAX_HOPS ? (
        <span className="muted"> (chain not followed further)</span>
      ) : next !== null ? (
        <Hop source={source} id={next} seen={[...seen, id]} />
      ) : null}
    </>
  );
}
