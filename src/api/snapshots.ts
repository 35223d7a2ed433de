// REST snapshots that seed the live book (src/book): current odds, fixture views and futures
// prices, fetched in chunks the endpoints accept and paced by the client's scheduler. The book
// owns live prices; these are only its starting point after a connect or `snapshot_required`.
import type { FixtureView } from '../wire/shared-schemas.ts';
import type { FixtureViewWithOdds, FutureOddsResponse } from '../wire/rest-schemas.ts';
import { MAX_LIST_IDS, type ApiClient } from './client.ts';

/** Splits `items` (de-duplicated, first occurrence kept) into chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer, got ${String(size)}`);
  const unique = [...new Set(items)];
  const out: T[][] = [];
  for (let i = 0; i < unique.length; i += size) out.push(unique.slice(i, i + size));
  return out;
}

const byStartThenId = (a: FixtureView, b: FixtureView): number =>
  a.startTime - b.startTime || (a.fixtureId < b.fixtureId ? -1 : a.fixtureId > b.fixtureId ? 1 : 0);

/** The `bookmakers` parameter: absent for "every bookmaker of the key" (undefined or empty). */
function bookmakerChunks(bookmakers: readonly string[] | undefined): (readonly string[] | undefined)[] {
  return bookmakers === undefined || bookmakers.length === 0 ? [undefined] : chunk(bookmakers, MAX_LIST_IDS);
}

export interface OddsSnapshotOptions {
  /** `/fixtures/odds/main` (main lines only) instead of `/fixtures/odds` (every market). */
  readonly mainOnly?: boolean;
  /** Epoch ms: every price with `changedAt >= since`, inactive ones included (spec 4.3), to catch up. */
  readonly since?: number;
}

/**
 * The current odds of `fixtureIds` from `bookmakers` (undefined or empty: every bookmaker of the
 * key), as fixture views with `odds` and `bookmakers`, sorted by `startTime` then `fixtureId`.
 * Chunks to the endpoint's 100 ids per request; the chunks go through the scheduler (10/s), so a
 * large snapshot takes a while rather than tripping the limit. Unknown fixtureIds are simply absent
 * from the answer. Rejects (ApiError, NotOfferedError, NetworkError) when any chunk fails: a partial
 * snapshot would look like prices that vanished.
 */
export async function fetchOddsSnapshot(
  client: ApiClient,
  fixtureIds: readonly string[],
  bookmakers: readonly string[] | undefined,
  options: OddsSnapshotOptions = {},
): Promise<FixtureViewWithOdds[]> {
  const requests: Promise<FixtureViewWithOdds[]>[] = [];
  for (const ids of chunk(fixtureIds, MAX_LIST_IDS)) {
    for (const books of bookmakerChunks(bookmakers)) {
      const query = {
        fixtureIds: ids,
        ...(books === undefined ? {} : { bookmakers: books }),
        ...(options.since === undefined ? {} : { since: options.since }),
      };
      requests.push(options.mainOnly === true ? client.mainOdds(query) : client.fixtureOdds(query));
    }
  }
  return mergeViews((await Promise.all(requests)).flat());
}

/** Views of the same fixture from different bookmaker chunks: one view, their odds and metadata merged. */
function mergeViews(views: readonly FixtureViewWithOdds[]): FixtureViewWithOdds[] {
  const byId = new Map<string, FixtureViewWithOdds>();
  for (const view of views) {
    const seen = byId.get(view.fixtureId);
    byId.set(
      view.fixtureId,
      seen === undefined
        ? view
        : { ...seen, odds: { ...seen.odds, ...view.odds }, bookmakers: { ...seen.bookmakers, ...view.bookmakers } },
    );
  }
  return [...byId.values()].sort(byStartThenId);
}

/**
 * Fresh fixture views (status, scores, clock) of `fixtureIds`, sorted by `startTime` then
 * `fixtureId`: the snapshot of the `fixtures`, `scores` and `clocks` channels. Chunked to 100.
 */
export async function fetchFixtureViews(client: ApiClient, fixtureIds: readonly string[]): Promise<FixtureView[]> {
  const lists = await Promise.all(chunk(fixtureIds, MAX_LIST_IDS).map((ids) => client.fixtures({ fixtureIds: ids })));
  const byId = new Map(lists.flat().map((view) => [view.fixtureId, view]));
  return [...byId.values()].sort(byStartThenId);
}

/**
 * Every fixture of the chosen sports (empty: every sport of the key) that the key may see,
 * optionally only those starting in `[startTimeFrom, startTimeTo]` (epoch s): the list a stream
 * subscription on those sports covers. One `/fixtures` call per sport.
 */
export async function fetchFixturesInScope(
  client: ApiClient,
  scope: { readonly sportIds?: readonly number[]; readonly startTimeFrom?: number; readonly startTimeTo?: number },
): Promise<FixtureView[]> {
  const times = {
    ...(scope.startTimeFrom === undefined ? {} : { startTimeFrom: scope.startTimeFrom }),
    ...(scope.startTimeTo === undefined ? {} : { startTimeTo: scope.startTimeTo }),
  };
  const sportIds = [...new Set(scope.sportIds ?? [])];
  const lists = await Promise.all(
    sportIds.length === 0 ? [client.fixtures(times)] : sportIds.map((sportId) => client.fixtures({ ...times, sportId })),
  );
  return lists.flat().sort(byStartThenId);
}

/**
 * Current futures prices of `futureIds` from `bookmakers` (undefined or empty: all of the key),
 * chunked to 100 ids: the snapshot of the `oddsFutures` channel. Unknown futureIds are absent.
 */
export async function fetchFutureOddsSnapshot(
  client: ApiClient,
  futureIds: readonly string[],
  bookmakers: readonly string[] | undefined,
): Promise<FutureOddsResponse> {
  const requests: Promise<FutureOddsResponse>[] = [];
  for (const ids of chunk(futureIds, MAX_LIST_IDS)) {
    for (const books of bookmakerChunks(bookmakers)) {
      requests.push(client.futureOdds({ futureIds: ids, ...(books === undefined ? {} : { bookmakers: books }) }));
    }
  }
  const byId = new Map<string, FutureOddsResponse[number]>();
  for (const item of (await Promise.all(requests)).flat()) {
    const seen = byId.get(item.futureId);
    byId.set(item.futureId, seen === undefined ? item : { ...seen, odds: { ...seen.odds, ...item.odds } });
  }
  return [...byId.values()];
}
