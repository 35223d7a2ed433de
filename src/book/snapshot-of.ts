// The one way a REST answer becomes a snapshot the live book takes: name what the answer holds
// (fixture views, prices, bookmaker metas, futures prices) and the channels, the scope and the
// bookmakers follow from it. Pure: no book, no React (pages seed with `useBookSeed`).
import type { FixtureBookmakers, FixtureOdds, FixtureView } from '../wire/shared-schemas.ts';
import type { Channel } from '../wire/stream-schemas.ts';
import type { BookSnapshot } from './book.ts';

/** What a REST answer holds; each part present brings its channels, even when it is empty. */
export interface SnapshotParts {
  /** Fixture views (`GET /fixtures`, `/fixtures/odds`): the channels fixtures, scores and clocks. */
  readonly views?: readonly FixtureView[];
  /** Prices per fixture (`GET /fixtures/odds`, or only some of them): the channel odds. */
  readonly odds?: readonly { readonly fixtureId: string; readonly odds: FixtureOdds }[];
  /** Bookmaker metas per fixture (a fixture view's `bookmakers`): the channel bookmakers. */
  readonly metas?: readonly { readonly fixtureId: string; readonly bookmakers: FixtureBookmakers }[];
  /** Futures prices (`GET /futures/odds`): the channel oddsFutures. */
  readonly futuresOdds?: BookSnapshot['futuresOdds'];
  /** The futures asked for; absent: those in `futuresOdds`. */
  readonly futureIds?: readonly string[];
  /**
   * The bookmakers asked for; absent or empty (the request asked for every bookmaker of the key):
   * every bookmaker in the prices and metas.
   */
  readonly bookmakers?: readonly string[];
}

const NO_ODDS: FixtureOdds = {};
const NO_METAS: FixtureBookmakers = {};

/**
 * The snapshot of the answer `parts`: channels in the order fixtures, scores, clocks, odds,
 * bookmakers, oddsFutures; the fixtures of its views, prices and metas in first-seen order, each
 * fixture's prices and metas in one row.
 */
export function snapshotOf(parts: SnapshotParts): BookSnapshot {
  const channels: Channel[] = [];
  if (parts.views !== undefined) channels.push('fixtures', 'scores', 'clocks');
  if (parts.odds !== undefined) channels.push('odds');
  if (parts.metas !== undefined) channels.push('bookmakers');
  if (parts.futuresOdds !== undefined) channels.push('oddsFutures');

  const fixtureIds = new Set<string>();
  for (const view of parts.views ?? []) fixtureIds.add(view.fixtureId);
  const oddsOf = new Map<string, FixtureOdds>();
  for (const row of parts.odds ?? []) {
    fixtureIds.add(row.fixtureId);
    oddsOf.set(row.fixtureId, row.odds);
  }
  const metasOf = new Map<string, FixtureBookmakers>();
  for (const row of parts.metas ?? []) {
    fixtureIds.add(row.fixtureId);
    metasOf.set(row.fixtureId, row.bookmakers);
  }
  const odds = [...fixtureIds]
    .filter((fixtureId) => oddsOf.has(fixtureId) || metasOf.has(fixtureId))
    .map((fixtureId) => ({ fixtureId, odds: oddsOf.get(fixtureId) ?? NO_ODDS, bookmakers: metasOf.get(fixtureId) ?? NO_METAS }));
  const futuresOdds = parts.futuresOdds ?? [];

  let bookmakers = parts.bookmakers ?? [];
  if (bookmakers.length === 0) {
    const seen = new Set<string>();
    for (const row of odds) for (const slug of [...Object.keys(row.odds), ...Object.keys(row.bookmakers)]) seen.add(slug);
    for (const row of futuresOdds) for (const slug of Object.keys(row.odds)) seen.add(slug);
    bookmakers = [...seen];
  }

  return {
    channels,
    fixtureIds: [...fixtureIds],
    futureIds: parts.futureIds ?? futuresOdds.map((row) => row.futureId),
    bookmakers: [...bookmakers],
    fixtures: parts.views ?? [],
    odds,
    futuresOdds,
  };
}
