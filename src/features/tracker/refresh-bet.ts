// Fills in what became known of a tracked bet — each leg's kick-off close and its grade — from
// the service, once; what is filled in is stored with the bet and never asked again, so the
// figures survive the service forgetting the fixture (retention).
import type { ApiClient } from '../../api/client.ts';
import { betHasClose, closingLines, kickoffOf, NO_CLOSE_TEXT, type ClosingLineRow } from '../../domain/closing-line.ts';
import { devig } from '../../domain/devig.ts';
import { parseOddsId, selectionKeyOfOddsId } from '../../domain/ids.ts';
import type { BookClose, LegClose, TrackedBet, TrackedLeg } from '../../domain/tracked-bet.ts';

/** What a bet placed after kick-off shows instead of a close. */
export const NO_CLOSING_LINE = 'no closing line';

/** 1 / the book's fair closing probability (its closing market de-vigged), null when that market was incomplete. */
function fairCloseOf(row: ClosingLineRow, outcomeIndex: number): number | null {
  const probability = row.marketClose === null ? undefined : devig(row.marketClose, 'multiplicative')[outcomeIndex];
  return probability === undefined ? null : 1 / probability;
}

async function closeOf(client: ApiClient, leg: TrackedLeg, placedAt: number): Promise<LegClose> {
  const { fixtureId, outcomeId, playerId, bookmaker } = parseOddsId(leg.oddsId);
  const [fixture] = await client.fixtures({ fixtureIds: [fixtureId] });
  // The service does not know the fixture (any more): keep what is stored.
  if (fixture === undefined) return leg.close;
  const kickoff = kickoffOf(fixture);
  if (kickoff.kind === 'pre-game') return { kind: 'open' };
  if (kickoff.kind === 'cancelled') return { kind: 'none', reason: NO_CLOSE_TEXT.cancelled };
  if (betHasClose(placedAt, kickoff) === 'in-play') return { kind: 'none', reason: NO_CLOSING_LINE };
  const [market] = await client.markets({ outcomeIds: [outcomeId] });
  if (market === undefined) return leg.close;
  const outcomeIds = new Set(market.outcomes.map((o) => o.outcomeId));
  const clv = await client.fixtureClv({ fixtureId });
  const oddsIds = Object.values(clv.odds).flatMap((byOdds) =>
    Object.entries(byOdds)
      .filter(([, pair]) => pair.clv.playerId === playerId && outcomeIds.has(pair.clv.outcomeId))
      .map(([oddsId]) => oddsId),
  );
  if (oddsIds.length === 0) return { kind: 'none', reason: NO_CLOSE_TEXT['no-pre-match-quote'] };
  const history = await client.fixtureHistory({ fixtureId, oddsIds });
  const lines = closingLines(clv, history, { playerId, outcomes: market.outcomes }, outcomeId, 'multiplicative');
  const row = lines.rows.find((r) => r.bookmaker === bookmaker);
  if (row === undefined) return { kind: 'none', reason: NO_CLOSE_TEXT['no-pre-match-quote'] };
  if (row.close.kind === 'none') return { kind: 'none', reason: NO_CLOSE_TEXT[row.close.reason] };
  // Every book's close, so any sharp book can be the reference once the service has forgotten the fixture.
  const bookCloses: BookClose[] = lines.rows.flatMap((r) =>
    r.close.kind === 'close' ? [{ bookmaker: r.bookmaker, price: r.close.price, fairPrice: fairCloseOf(r, lines.outcomeIndex) }] : [],
  );
  return {
    kind: 'closed',
    price: row.close.price,
    fairPrice: fairCloseOf(row, lines.outcomeIndex),
    consensusPrice: lines.consensus?.prices[lines.outcomeIndex] ?? null,
    bookCloses,
  };
}

/** A close stored before every book's close was kept (CSV format 1): the books' closes are still to fill in. */
export function lacksBookCloses(close: LegClose): boolean {
  return close.kind === 'closed' && close.bookCloses === null;
}

/**
 * The leg's close once known. An open leg gets its whole close; a close stored without the
 * books' closes gets only those added, while the service still knows the fixture — its stored
 * figures are never recomputed.
 */
async function knownClose(client: ApiClient, leg: TrackedLeg, placedAt: number): Promise<LegClose> {
  if (leg.close.kind === 'open') return closeOf(client, leg, placedAt);
  if (leg.close.kind !== 'closed' || leg.close.bookCloses !== null) return leg.close;
  const fresh = await closeOf(client, leg, placedAt);
  return fresh.kind === 'closed' ? { ...leg.close, bookCloses: fresh.bookCloses } : leg.close;
}

async function gradeOf(client: ApiClient, leg: TrackedLeg): Promise<TrackedLeg['grade']> {
  const { fixtureId } = parseOddsId(leg.oddsId);
  const settlement = await client.settlement({ fixtureId });
  if (settlement.settledAt === null) return null;
  const key = selectionKeyOfOddsId(leg.oddsId);
  return settlement.selections.find((s) => s.selectionKey === key)?.grade ?? null;
}

/**
 * The bet with every leg's close (once its fixture kicked off; the same book's kick-off close, its
 * no-vig fair close, the consensus close and every book's close) and grade (once settled) filled in.
 * Legs already closed and graded are not asked about. Returns null when nothing changed.
 * A failed call rejects; nothing stored is changed then.
 */
export async function refreshBet(client: ApiClient, bet: TrackedBet): Promise<TrackedBet | null> {
  const legs = await Promise.all(
    bet.legs.map(async (leg) => {
      const close = await knownClose(client, leg, bet.placedAt);
      const grade = leg.grade ?? (await gradeOf(client, leg));
      if (close === leg.close && grade === leg.grade) return leg;
      if (close.kind === leg.close.kind && close.kind === 'open' && grade === leg.grade) return leg;
      return { ...leg, close, grade };
    }),
  );
  return legs.some((leg, i) => leg !== bet.legs[i]) ? { ...bet, legs } : null;
}
