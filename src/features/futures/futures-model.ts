// The futures pages' data shaping, kept out of React: a future's title, the list filters, the
// bookmaker pickers' options, the chart series of a historical answer and the OLV/CLV rows of a
// futures CLV answer.
import type { ClvRow } from '../../components/clv-table.tsx';
import type { FilterOption } from '../../components/filter-select.tsx';
import { buildLineSeries, type LineSeries } from '../../domain/line-series.ts';
import type { Future, FutureClvResponse, FutureHistoricalOddsResponse } from '../../wire/schemas.ts';

/** "Premier League 2026/2027 (England)": what a future is about (its market name is always null). */
export function futureTitle(future: Pick<Future, 'tournament' | 'season' | 'market'>): string {
  const market = future.market.marketName === null ? '' : ` · ${future.market.marketName}`;
  return `${future.tournament.tournamentName} ${future.season.seasonName}${market}`;
}

/** The bookmaker pickers' options: each bookmaker by its slug, the order kept. */
export function bookmakerOptions(bookmakers: readonly string[]): FilterOption[] {
  return bookmakers.map((bookmaker) => ({ value: bookmaker, label: bookmaker }));
}

/** The `/futures` filters as held in the URL. */
export interface FuturesFilters {
  readonly sportId: number | null;
  /** Words that must all occur in the tournament, category, season or a participant's name. */
  readonly search: string;
}

export function parseFuturesFilters(params: URLSearchParams): FuturesFilters {
  const sport = Number(params.get('sport'));
  return { sportId: Number.isInteger(sport) && sport > 0 ? sport : null, search: params.get('q') ?? '' };
}

/** The futures that pass `filters`, in the listing's order. */
export function filterFutures(futures: readonly Future[], filters: FuturesFilters): Future[] {
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
