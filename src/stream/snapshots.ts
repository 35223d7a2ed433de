// The REST side of a re-snapshot: fixture views, odds with bookmaker meta, and futures odds for
// a scope, as one BookSnapshot — a thin adapter over src/api's client and snapshot fetchers.
import type { BookSnapshot } from '../book/book.ts';
import type { ApiClient } from '../api/client.ts';
import { fetchFixtureViews, fetchFixturesInScope, fetchFutureOddsSnapshot, fetchOddsSnapshot } from '../api/snapshots.ts';
import type { FixtureView } from '../wire/shared-schemas.ts';
import type { Channel } from '../wire/stream-schemas.ts';
import { isOpen } from '../wire/status.ts';

/** What to re-snapshot: channels, and the scope the book already knows (added to what REST lists). */
export interface SnapshotRequest {
  readonly channels: readonly Channel[];
  /** Fixtures the book holds (a fixture the REST list no longer has is dropped by the seed). */
  readonly fixtureIds: readonly string[];
  /** Futures the book holds prices for. */
  readonly futureIds: readonly string[];
  readonly bookmakers: readonly string[];
  /** The login's sportIds filter; empty: every sport. */
  readonly sportIds: readonly number[];
}

/** Fetches a snapshot; rejects on any failure (the client retries with backoff, still buffering). */
export interface SnapshotSource {
  fetch(request: SnapshotRequest, signal?: AbortSignal): Promise<BookSnapshot>;
}

const FIXTURE_CHANNELS: ReadonlySet<Channel> = new Set(['fixtures', 'scores', 'clocks']);

/**
 * A SnapshotSource over the v5 REST API (src/api's client: X-API-Key header, rate-limit pacing):
 * - fixtures, scores, clocks: every fixture of the subscribed sports (`GET /fixtures` per sport),
 *   plus `?fixtureIds=` for the book's fixtures the list does not hold;
 * - odds, bookmakers: `GET /fixtures/odds?fixtureIds=&bookmakers=` for every fixture of that scope
 *   that is pre-game or live (finished and cancelled ones have no active prices);
 * - oddsFutures: `GET /futures/live` plus the book's futures, then `GET /futures/odds`.
 */
export function apiSnapshotSource(client: ApiClient): SnapshotSource {
  return {
    async fetch(request) {
      const channels = new Set(request.channels);
      const wantsFixtures = request.channels.some((c) => FIXTURE_CHANNELS.has(c));
      const wantsOdds = channels.has('odds') || channels.has('bookmakers');
      const views = new Map<string, FixtureView>();
      if (wantsFixtures || wantsOdds) {
        for (const view of await fetchFixturesInScope(client, { sportIds: request.sportIds })) views.set(view.fixtureId, view);
        const missing = request.fixtureIds.filter((id) => !views.has(id));
        for (const view of await fetchFixtureViews(client, missing)) views.set(view.fixtureId, view);
      }
      const fixtureIds = [...new Set([...views.keys(), ...request.fixtureIds])];
      const odds: BookSnapshot['odds'][number][] = [];
      if (wantsOdds) {
        const open = fixtureIds.filter((id) => {
          const statusId = views.get(id)?.status.statusId;
          return isOpen(statusId);
        });
        for (const view of await fetchOddsSnapshot(client, open, request.bookmakers)) {
          odds.push({ fixtureId: view.fixtureId, odds: view.odds, bookmakers: view.bookmakers });
        }
      }
      let futureIds = [...request.futureIds];
      let futuresOdds: BookSnapshot['futuresOdds'] = [];
      if (channels.has('oddsFutures')) {
        const live = await client.futuresLive(request.bookmakers.length === 0 ? {} : { bookmakers: request.bookmakers });
        futureIds = [...new Set([...live.map((f) => f.futureId), ...futureIds])];
        futuresOdds = await fetchFutureOddsSnapshot(client, futureIds, request.bookmakers);
      }
      return {
        channels: [...request.channels],
        fixtureIds,
        futureIds,
        bookmakers: [...request.bookmakers],
        fixtures: [...views.values()],
        odds,
        futuresOdds,
      };
    },
  };
}
