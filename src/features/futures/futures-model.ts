// The futures pages' data shaping, kept out of React: a future's title, the list filters, the
// bookmaker pickers' options, the chart series of a historical answer, the OLV/CLV rows of a
// futures CLV answer and the price table (best price, overround, arbitrage).
import type { ClvRow } from '../../components/clv-table.tsx';
import type { FilterOption } from '../../components/filter-select.tsx';
import { buildLineSeries, type LineSeries } from '../../domain/line-series.ts';
import { bestPrices, findArbitrage, overround, type Arbitrage, type BestPrice } from '../../domain/market.ts';
import type { FutureOddsEntry } from '../../wire/shared-schemas.ts';
import type { Future, FutureClvResponse, FutureHistoricalOddsResponse } from '../../wire/rest-schemas.ts';

/** "Premier League 2026/2027 (England)": what a future is about (its market name is always null). */
export function futureTitle(future: Pick<Future, 'tournament' | 'season' | 'market'>): string {
  const market = future.market.marketName === null ? '' : ` · ${future.market.marketName}`;
  return `${future.tournament.tournamentName} ${future.season.seasonName}${market}`;
}

/** The bookmaker pickers' options: each bookmaker by its slug, the order kept. */
export function bookmakerOptions(bookmakers: readonly string[]): FilterOption[] {
  return bookmakers.map((bookmaker) => ({ value: bookmaker, label: bookmaker }));
}

/** Which futures the list shows: open ones (spec `/futures/live`), or closed ones (`/futures?statusId=`). */
export type FutureState = 'open' | 'finished' | 'cancelled';

/** The statusId `/futures` is asked for per closed state. */
export const CLOSED_STATUS_ID = { finished: 2, cancelled: 3 } as const;

/** The `/futures` filters as held in the URL. */
export interface FuturesFilters {
  readonly state: FutureState;
  readonly sportId: number | null;
  /** Words that must all occur in the tournament, category, season or a participant's name. */
  readonly search: string;
}

export function parseFuturesFilters(params: URLSearchParams): FuturesFilters {
  const sport = Number(params.get('sport'));
  const state = params.get('state');
  return {
    state: state === 'finished' || state === 'cancelled' ? state : 'open',
    sportId: Number.isInteger(sport) && sport > 0 ? sport : null,
    search: params.get('q') ?? '',
  };
}

/** The futures that pass `filters`, in the listing's order. */
export function filterFutures(futures: readonly Future[], filters: Pick<FuturesFilters, 'sportId' | 'search'>): Future[] {
  const words = filters.search.toLowerCase().split(/\s+/u).filter((w) => w !== '');
  return futures.filter((f) => {
    if (filters.sportId !== null && f.sport.sportId !== filters.sportId) return false;
    if (words.length === 0) return true;
    const text = [f.tournament.tournamentName, f.tournament.categoryName, f.season.seasonName, f.futureId, ...f.participants.map((p) => p.participantName)]
      .join(' ')
      .toLowerCase();
    return words.every((w) => text.includes(w));
  });
}

/** A future `oddsId` (`{futureId}:{bookmaker}:{participantId}`). */
export function futureOddsId(futureId: string, bookmaker: string, participantId: number): string {
  return `${futureId}:${bookmaker}:${String(participantId)}`;
}

/** One chart series of a futures history, with the bookmaker and participant it belongs to. */
export interface FutureSeries extends LineSeries {
  readonly bookmaker: string;
  readonly participantId: number;
}

/** Every oddsId of a historical answer as a series (time order inside, sorted by bookmaker then participant). */
export function futureSeries(history: FutureHistoricalOddsResponse, until?: number): FutureSeries[] {
  const out: FutureSeries[] = [];
  for (const [bookmaker, byOdds] of Object.entries(history.odds)) {
    for (const [oddsId, entries] of Object.entries(byOdds)) {
      const first = Object.values(entries)[0];
      if (first === undefined) continue;
      out.push({ ...buildLineSeries(oddsId, entries, until), bookmaker, participantId: first.participantId });
    }
  }
  return out.sort((a, b) => (a.bookmaker < b.bookmaker ? -1 : a.bookmaker > b.bookmaker ? 1 : a.participantId - b.participantId));
}

/**
 * OLV/CLV rows from a futures CLV answer: `byBookmaker` one row per participant of that
 * bookmaker (its closing market is every participant's closing price, for no-vig CLV), or
 * `byParticipant` one row per bookmaker quoting that participant (closing market then null
 * unless the answer holds that bookmaker's whole market).
 */
export function futureClvRows(
  clv: FutureClvResponse,
  pick: { readonly bookmaker: string } | { readonly participantId: number },
): ClvRow[] {
  const rows: ClvRow[] = [];
  for (const [bookmaker, byOdds] of Object.entries(clv.odds)) {
    if ('bookmaker' in pick && bookmaker !== pick.bookmaker) continue;
    const pairs = Object.entries(byOdds).sort(([, a], [, b]) => a.clv.participantId - b.clv.participantId);
    const market = pairs.map(([, p]) => p.clv.price);
    const complete = market.length >= 2 && market.every((p) => p > 1);
    pairs.forEach(([oddsId, pair], index) => {
      if ('participantId' in pick && pair.clv.participantId !== pick.participantId) return;
      rows.push({
        key: oddsId,
        bookmaker,
        olv: { price: pair.olv.price, changedAt: pair.olv.changedAt },
        clv: { price: pair.clv.price, changedAt: pair.clv.changedAt, active: pair.clv.active },
        closingMarket: complete ? market : null,
        outcomeIndex: index,
      });
    });
  }
  return rows;
}

/** The participant ids a CLV answer covers, ascending. */
export function clvParticipantIds(clv: FutureClvResponse): number[] {
  const ids = new Set<number>();
  for (const byOdds of Object.values(clv.odds)) for (const pair of Object.values(byOdds)) ids.add(pair.clv.participantId);
  return [...ids].sort((a, b) => a - b);
}

/** One participant's row of a future's price table: a cell per bookmaker and the best price. */
export interface FuturePriceRow {
  readonly participantId: number;
  /** Aligned with the table's bookmakers; undefined where the book has no price. */
  readonly cells: readonly (FutureOddsEntry | undefined)[];
  /** The highest active price and every book offering it; null when none is on offer. */
  readonly best: BestPrice | null;
}

export interface FuturePriceTable {
  readonly rows: readonly FuturePriceRow[];
  /** Per bookmaker: Σ1/p − 1 over its active prices when it prices every participant, else null. */
  readonly overround: readonly (number | null)[];
  /** The arbitrage left by the best prices across books when they cover every participant. */
  readonly arbitrage: Arbitrage | null;
}

/**
 * A future's prices as the odds screen shows a market: participants as outcomes (a future is one
 * market whose outcomes are its participants), the market maths of `domain/market.ts` on them.
 */
export function futurePriceTable(
  futureId: string,
  participantIds: readonly number[],
  bookmakers: readonly string[],
  priceOf: (oddsId: string) => FutureOddsEntry | undefined,
): FuturePriceTable {
  const rows = participantIds.map((participantId) => ({
    participantId,
    cells: bookmakers.map((bookmaker) => priceOf(futureOddsId(futureId, bookmaker, participantId))),
  }));
  const best = bestPrices(
    rows.flatMap((row) =>
      row.cells.flatMap((entry) => (entry === undefined ? [] : [{ bookmaker: entry.bookmaker, outcomeId: row.participantId, price: entry.price, active: entry.active }])),
    ),
  );
  const overrounds = bookmakers.map((_, column) => {
    const prices = rows.map((row) => row.cells[column]).filter((entry) => entry?.active === true).map((entry) => entry?.price ?? 0);
    return participantIds.length >= 2 && prices.length === participantIds.length ? overround(prices) : null;
  });
  return {
    rows: rows.map((row) => ({ ...row, best: best.get(row.participantId) ?? null })),
    overround: overrounds,
    arbitrage: participantIds.length >= 2 ? findArbitrage(best, participantIds.length) : null,
  };
}
