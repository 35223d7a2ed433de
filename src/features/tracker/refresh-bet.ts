// Fills in what became known of a tracked bet — each leg's kick-off close and its grade — from
// the service, once; what is filled in is stored with the bet and never asked again, so the
// figures survive the service forgetting the fixture (retention).
import type { ApiClient } from '../../api/client.ts';
import { betHasClose, closingLines, kickoffOf, NO_CLOSE_TEXT } from '../../domain/closing-line.ts';
import { devig } from '../../domain/devig.ts';
import { parseOddsId, selectionKeyOfOddsId } from '../../domain/ids.ts';
import type { LegClose, TrackedBet, TrackedLeg } from '../../domain/tracked-bet.ts';

/** What a bet placed after kick-off shows instead of a close. */
export const NO_CLOSING_LINE = 'no closing line';

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
  const fairProbability = row.marketClose === null ? undefined : devig(row.marketClose, 'multiplicative')[lines.outcomeIndex];
  return {
    kind: 'closed',
    price: row.close.price,
    fairPrice: fairProbability === undefined ? null : 1 / fairProbability,
    referencePrice: lines.consensus?.prices[lines.outcomeIndex] ?? null,
  };
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
 * no-vig fair close and the consensus close as reference) and grade (once settled) filled in.
 * Legs already closed and graded are not asked about. Returns null when nothing changed.
 * A failed call rejects; nothing stored is changed then.
 */
export async function refreshBet(client: ApiClient, bet: TrackedBet): Promise<TrackedBet | null> {
  const legs = await Promise.all(
    bet.legs.map(async (leg) => {
      const close = leg.close.kind === 'open' ? await closeOf(client, leg, bet.placedAt) : leg.close;
      const grade = leg.grade ?? (await gradeOf(client, leg));
      if (close === leg.close && grade === leg.grade) return leg;
      if (close.kind === leg.close.kind && close.kind === 'open' && grade === leg.grade) return leg;
      return { ...leg, close, grade };
    }),
  );
  return legs.some((leg, i) => leg !== bet.legs[i]) ? { ...bet, legs } : null;
}
