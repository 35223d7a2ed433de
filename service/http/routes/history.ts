// Recorded odds: /fixtures/odds/historical, /fixtures/odds/clv (spec 4.7: OLV = first recorded
// price, CLV = last before settlement), /fixtures/settlement, and their futures counterparts
// (/futures/odds/historical, spec 4.8, and /futures/odds/clv).
import { Readable } from 'node:stream';
import { decimalToAmerican, decimalToFractionalExact } from '../../../src/domain/odds-format.ts';
import { MAX_HISTORY_ODDS_IDS } from '../../../src/wire/limits.ts';
import type { FixtureView } from '../../../src/wire/shared-schemas.ts';
import type { Future } from '../../../src/wire/rest-schemas.ts';
import type { ReferenceIndex } from '../../catalogue/reference-data.ts';
import type { FixturePriceChange, FuturePriceChange, HistoryReads } from '../../storage/history-store.ts';
import type { ApiHandler } from '../app.ts';
import { invalidFilters, notAllowed } from '../errors.ts';
import type { Entitlement } from '../keys.ts';
import { localizeView } from '../../catalogue/localize.ts';
import type { FixtureSource, FutureSource } from '../ports.ts';
import { intParam, listParam, requiredParam, type Query } from '../query.ts';
import { chosenBookmakers, entitlementOf, requireBookmaker, requireFixtureId, requireFutureId, requireTournament } from '../scope.ts';
import { concurrencyGate, jsonChunksYielding, yieldToEventLoop } from '../cooperative.ts';
import { isCancelled, isOver } from '../../../src/wire/status.ts';

export interface HistoryRoutesDeps {
  readonly fixtures: FixtureSource;
  readonly futures: FutureSource;
  readonly store: HistoryReads;
  readonly reference: ReferenceIndex;
  /** When the fixture was settled (epoch ms), null while it is not. */
  readonly settledAt: (fixtureId: string) => number | null;
  readonly now: () => number;
}

function fixtureParam(e: Entitlement, deps: HistoryRoutesDeps, query: Query): FixtureView {
  const fixtureId = requiredParam(query, 'fixtureId');
  requireFixtureId(e, fixtureId);
  const view = deps.fixtures.view(fixtureId);
  if (view === null) throw invalidFilters(`Unknown fixtureId "${fixtureId}".`);
  requireTournament(e, view.sport.sportId, view.tournament.tournamentId);
  if (!e.allowsEvent(view.sport.sportId, view.tournament.tournamentId, view.status.live)) {
    throw notAllowed(`This API key is not entitled to fixture ${fixtureId}.`);
  }
  return view;
}

function futureParam(e: Entitlement, deps: HistoryRoutesDeps, query: Query): Future {
  const futureId = requiredParam(query, 'futureId');
  requireFutureId(e, deps.reference, futureId);
  const future = deps.futures.view(futureId);
  if (future === null) throw invalidFilters(`Unknown futureId "${futureId.slice(0, 80)}".`);
  requireTournament(e, future.sport.sportId, future.tournament.tournamentId);
  return future;
}

/** `oddsIds` of one fixture or future: each must belong to it and to a bookmaker the key sees. */
function oddsIdFilter(e: Entitlement, query: Query, ownerId: string): string[] | undefined {
  const ids = listParam(query, 'oddsIds', MAX_HISTORY_ODDS_IDS);
  if (ids === undefined) return undefined;
  for (const id of ids) {
    const parts = id.split(':');
    if (parts[0] !== ownerId || parts.length < 3) throw invalidFilters(`oddsId "${id.slice(0, 120)}" does not belong to ${ownerId}.`);
    requireBookmaker(e, parts[1] ?? '');
  }
  return ids;
}

function clvEntry(change: FixturePriceChange | FuturePriceChange) {
  return {
    bookmaker: change.bookmaker,
    ...(change.kind === 'fixture' ? { outcomeId: change.outcomeId } : { participantId: change.participantId }),
    playerId: change.playerId,
    price: change.price,
    priceFractional: change.price >= 1 ? decimalToFractionalExact(change.price) : '',
    priceAmerican: decimalToAmerican(change.price),
    active: change.active,
    limit: change.limit,
    changedAt: change.changedAt,
  };
}

type Nested<V> = Record<string, Record<string, Record<string, V>>>;

/** Rows by bookmaker, then oddsId, then `key`, added to `out` (keys keep the rows' order). */
function nest<C extends FixturePriceChange | FuturePriceChange, V>(
  rows: readonly C[],
  value: (row: C) => V,
  key: (row: C) => string,
  out: Nested<V> = {},
): Nested<V> {
  for (const row of rows) {
    const byBook = (out[row.bookmaker] ??= {});
    const byOdds = (byBook[row.oddsId] ??= {});
    byOdds[key(row)] = value(row);
  }
  return out;
}

/** Rows per page of a historical read: a few milliseconds of work between two yields. */
const HISTORY_PAGE_ROWS = 500;

/** Heavy history answers built at once; the others wait their turn (see concurrencyGate). */
const historyBuilds = concurrencyGate(2);

function historicalEntry(r: FixturePriceChange) {
  return {
    bookmaker: r.bookmaker,
    outcomeId: r.outcomeId,
    playerId: r.playerId,
    marketId: r.marketId,
    price: r.price,
    active: r.active,
    marketActive: r.marketActive,
    limit: r.limit,
    changedAt: r.changedAt,
  };
}
type HistoricalEntry = ReturnType<typeof historicalEntry>;

export function historyHandlers(deps: HistoryRoutesDeps): Record<
  'fixtureHistorical' | 'fixtureClv' | 'settlement' | 'futureHistorical' | 'futureClv',
  ApiHandler
> {
  return {
    fixtureHistorical: async (query, request, reply) => {
      const e = entitlementOf(request);
      const view = fixtureParam(e, deps, query);
      if (query.bookmakers === undefined && query.oddsIds === undefined) {
        throw invalidFilters('Give bookmakers or oddsIds: a fixture\'s whole history across every bookmaker is too large for one response.');
      }
      const bookmakers = chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query);
      const oddsIds = oddsIdFilter(e, query, view.fixtureId);
      const from = intParam(query, 'from', { min: 0 });
      const to = intParam(query, 'to', { min: 0 });
      return historyBuilds(async () => {
        const pages = deps.store.readHistoryPagesForFixture(
          view.fixtureId,
          {
            bookmakers,
            ...(oddsIds === undefined ? {} : { oddsIds }),
            ...(from === undefined ? {} : { from }),
            ...(to === undefined ? {} : { to }),
          },
          HISTORY_PAGE_ROWS,
        );
        // A fixture's history over 16 bookmakers is megabytes: read it a page at a time and build
        // the text in chunks, letting other requests run in between (docs/performance.md).
        const odds: Nested<HistoricalEntry> = {};
        for await (const page of pages) {
          nest(page, historicalEntry, (r) => String(r.changedAt), odds);
          await yieldToEventLoop();
        }
        const chunks = await jsonChunksYielding({ fixtureId: view.fixtureId }, 'odds', odds);
        return reply
          .type('application/json; charset=utf-8')
          .header('content-length', String(chunks.reduce((n, chunk) => n + chunk.length, 0)))
          .send(Readable.from(chunks));
      });
    },

    fixtureClv: async (query, request) => {
      const e = entitlementOf(request);
      const view = fixtureParam(e, deps, query);
      const bookmakers = chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query);
      const oddsIds = oddsIdFilter(e, query, view.fixtureId);
      const cutOff = deps.settledAt(view.fixtureId) ?? deps.now() + 1;
      const pairs = await deps.store.readOpeningAndClosing(view.fixtureId, cutOff, { bookmakers, ...(oddsIds === undefined ? {} : { oddsIds }) });
      const odds: Record<string, Record<string, { clv: ReturnType<typeof clvEntry>; olv: ReturnType<typeof clvEntry> }>> = {};
      for (const [oddsId, pair] of pairs) {
        // A price first seen after the cut-off has no closing line: it is not part of the response.
        if (pair.closing === null) continue;
        (odds[pair.opening.bookmaker] ??= {})[oddsId] = { clv: clvEntry(pair.closing), olv: clvEntry(pair.opening) };
      }
      const localized = localizeView(view, request.lang, deps.reference);
      const reissued = (view as { reissuedFixtureId?: unknown }).reissuedFixtureId;
      return {
        ...localized,
        reissuedFixtureId: isCancelled(view.status.statusId) && typeof reissued === 'string' ? reissued : null,
        odds,
      };
    },

    settlement: async (query, request) => {
      const e = entitlementOf(request);
      const view = fixtureParam(e, deps, query);
      const rows = await deps.store.readSettlement(view.fixtureId);
      return {
        fixtureId: view.fixtureId,
        status: view.status,
        scores: view.scores,
        settledAt: deps.settledAt(view.fixtureId),
        selections: rows
          .map((r) => ({
            selectionKey: `${r.fixtureId}:${r.outcomeId}:${r.playerId}`,
            marketId: r.marketId,
            outcomeId: r.outcomeId,
            playerId: r.playerId,
            grade: r.grade,
            rule: r.rule,
            score: r.score,
            settledAt: r.settledAt,
          }))
          .sort((a, b) => a.outcomeId - b.outcomeId || a.playerId - b.playerId),
      };
    },

    futureHistorical: async (query, request) => {
      const e = entitlementOf(request);
      const future = futureParam(e, deps, query);
      const oddsIds = oddsIdFilter(e, query, future.futureId);
      const bookmakers = chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query);
      if (oddsIds === undefined && (query.bookmakers === undefined || bookmakers.length !== 1)) {
        throw invalidFilters('bookmakers must name exactly one bookmaker when oddsIds is absent.');
      }
      const rows = await deps.store.readHistoryForFuture(future.futureId, {
        ...(query.bookmakers === undefined ? {} : { bookmakers }),
        ...(oddsIds === undefined ? {} : { oddsIds }),
      });
      const odds = nest(
        rows,
        (r) => ({ bookmaker: r.bookmaker, participantId: r.participantId, price: r.price, active: r.active, changedAt: r.changedAt }),
        (r) => String(r.changedAt),
      );
      const metas: Record<string, unknown> = {};
      for (const slug of Object.keys(odds)) {
        metas[slug] = future.bookmakers[slug] ?? { bookmaker: slug, bookmakerFutureId: null, participantsRotated: false };
      }
      return { futureId: future.futureId, odds, bookmakers: metas };
    },

    futureClv: async (query, request) => {
      const e = entitlementOf(request);
      const future = futureParam(e, deps, query);
      const bookmakers = chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query);
      const oddsIds = oddsIdFilter(e, query, future.futureId);
      // A future closes when it is settled or cancelled (it has no kick-off): its prices then go
      // inactive, so its CLV is the last change before that moment (docs/domain.md).
      const ended = isOver(future.status.statusId);
      const cutOff = ended ? (future.settledAt ?? future.endTime * 1000) : deps.now() + 1;
      const pairs = await deps.store.readFutureOpeningAndClosing(future.futureId, cutOff, { bookmakers, ...(oddsIds === undefined ? {} : { oddsIds }) });
      const odds: Record<string, Record<string, unknown>> = {};
      for (const [oddsId, pair] of pairs) {
        if (pair.closing === null) continue;
        (odds[pair.opening.bookmaker] ??= {})[oddsId] = { clv: clvEntry(pair.closing), olv: clvEntry(pair.opening) };
      }
      return { futureId: future.futureId, reissuedFutureId: future.reissuedFutureId, status: future.status, odds };
    },
  };
}
