// A finished fixture's page: which markets are its "main" ones (one line per market type, on the
// whole match), and each one's result from the settlement answer.
import type { Grade } from '../../domain/grade.ts';
import type { SettledSelection } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';

const WHOLE_MATCH = ['result', 'fulltime'];

/**
 * The main markets among `offered` (catalogue markets some book quoted on the match): per
 * `marketType`, on the `result` period (else `fulltime`), not player props, the MIDDLE line by
 * handicap of those offered — books offer alternates on both sides of their main line, so the
 * middle one is it (the history keeps no main-line flag). In catalogue order.
 */
export function mainMarkets(offered: readonly Market[]): Market[] {
  const byType = new Map<string, Market[]>();
  for (const market of offered) {
    if (market.playerProp || !WHOLE_MATCH.includes(market.period)) continue;
    const list = byType.get(market.marketType) ?? [];
    list.push(market);
    byType.set(market.marketType, list);
  }
  const chosen = new Set<Market>();
  for (const list of byType.values()) {
    const period = list.some((m) => m.period === 'result') ? 'result' : 'fulltime';
    const lines = list.filter((m) => m.period === period).sort((a, b) => a.handicap - b.handicap || a.marketId - b.marketId);
    const middle = lines[Math.floor((lines.length - 1) / 2)];
    if (middle !== undefined) chosen.add(middle);
  }
  return offered.filter((m) => chosen.has(m));
}

/** One outcome's grade in a main market's result. */
export interface OutcomeResult {
  readonly name: string;
  readonly grade: Grade;
}

/**
 * The graded outcomes of `market` (player 0) from the settlement's selections, in outcome order;
 * empty when none was graded yet.
 */
export function marketResult(market: Market, selections: readonly SettledSelection[]): OutcomeResult[] {
  const out: OutcomeResult[] = [];
  for (const outcome of market.outcomes) {
    const graded = selections.find((s) => s.marketId === market.marketId && s.outcomeId === outcome.outcomeId && s.playerId === 0);
    if (graded !== undefined) out.push({ name: outcome.outcomeName, grade: graded.grade });
  }
  return out;
}
