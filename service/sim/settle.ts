// Grades every selection a fixture offered once it is over: on the score table of the market's
// unit (service/pricing/score-unit.ts) with src/domain/settlement.ts, and the few first-event
// markets from what the match engine recorded.
import { gradeSelection, scoreForPeriod, SettlementError, voidSelection } from '../../src/domain/settlement.ts';
import type { ScoresByPeriod, SettlementResult } from '../../src/domain/settlement.ts';
import type { Grade } from '../../src/domain/grade.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';
import { scoreUnit } from '../pricing/score-unit.ts';
import type { SettlementRecord } from '../storage/history-store.ts';
import type { FixtureRuntime } from './fixture-runtime.ts';
import type { MatchState } from './match-engine.ts';

/** One graded selection, with the score it was graded on (`null` when none applies). */
export interface GradedSelection {
  readonly grade: Grade;
  readonly rule: string;
  readonly score: { readonly participant1Score: number; readonly participant2Score: number } | null;
}

/** The score rows of one unit in the settlement module's shape. */
export function scoresOfUnit(state: MatchState, unit: string): ScoresByPeriod {
  const rows = state.rows[unit] ?? {};
  const out: Record<string, { participant1Score: number; participant2Score: number }> = {};
  for (const [period, [participant1Score, participant2Score]] of Object.entries(rows)) {
    out[period] = { participant1Score, participant2Score };
  }
  return out;
}

/** First-event markets: decided by who did it first, recorded by the engine per map. */
const FIRST_EVENT_TYPES: ReadonlySet<string> = new Set(['firstblood', 'firsttower', 'racetokills']);

function firstEventKey(market: CatalogueMarket): string {
  return market.marketType === 'racetokills'
    ? `racetokills:${market.period}:${String(market.handicap)}`
    : `${market.marketType}:${market.period}`;
}

function twoWay(outcomeName: string, winner: 1 | 2, what: string): GradedSelection {
  const grade: Grade = outcomeName === String(winner) ? 'won' : 'lost';
  return { grade, rule: `${what}: participant ${String(winner)} → ${grade}`, score: winner === 1 ? { participant1Score: 1, participant2Score: 0 } : { participant1Score: 0, participant2Score: 1 } };
}

function fromResult(result: SettlementResult, score: GradedSelection['score']): GradedSelection {
  return { grade: result.grade, rule: result.rule, score };
}

/**
 * The grade of `outcomeName` of `market` (for `playerId`, 0 for non-player markets) on a
 * finished match. A market whose row was never played (a third map after 2:0) is void; so is a
 * first-event market whose event never happened, and a selection no rule can grade (its rule
 * says why). Player props grade the player's count as an Over/Under total.
 */
export function gradeOffered(state: MatchState, market: CatalogueMarket, outcomeName: string, playerId: number): GradedSelection {
  try {
    if (market.playerProp) {
      const count = state.players[String(playerId)]?.[market.marketType] ?? 0;
      const score = { participant1Score: count, participant2Score: 0 };
      const result = gradeSelection({ marketType: 'totals', handicap: market.handicap, period: market.period }, outcomeName, score);
      return fromResult({ grade: result.grade, rule: `player ${String(playerId)} ${market.marketType} ${String(count)}: ${result.rule}` }, score);
    }
    if (market.marketType === 'toqualify') {
      const fulltime = state.rows['goals']?.['fulltime'] ?? [0, 0];
      const penalties = state.rows['goals']?.['penalties'] ?? [0, 0];
      const [a, b] = fulltime[0] !== fulltime[1] ? fulltime : penalties;
      if (a === b) return fromResult(voidSelection('no qualifier decided'), null);
      return twoWay(outcomeName, a > b ? 1 : 2, 'qualified');
    }
    if (FIRST_EVENT_TYPES.has(market.marketType)) {
      const side = state.firsts[firstEventKey(market)];
      if (side === undefined) return fromResult(voidSelection(`${market.marketType} did not happen`), null);
      return twoWay(outcomeName, side, market.marketType);
    }
    const unit = scoreUnit(market);
    const score = scoreForPeriod(scoresOfUnit(state, unit), market.period);
    if (score === null) return fromResult(voidSelection(`period ${market.period} was not played`), null);
    return fromResult(gradeSelection(market, outcomeName, score), score);
  } catch (error) {
    if (error instanceof SettlementError || (error instanceof Error && error.name === 'PricingError')) {
      return fromResult(voidSelection(`no settlement rule: ${error.message}`), null);
    }
    throw error;
  }
}

/** Every (market, outcome, player) some bookmaker quoted on the fixture. */
function* offeredSelections(runtime: FixtureRuntime): Generator<{ market: CatalogueMarket; playerId: number; outcomeIndex: number }> {
  for (const offered of runtime.offered) {
    for (let k = 0; k < offered.market.outcomes.length; k++) {
      let quoted = false;
      for (const line of runtime.lines.values()) {
        if (line.entries[offered.offset + k] !== undefined) {
          quoted = true;
          break;
        }
      }
      if (quoted) yield { market: offered.market, playerId: offered.playerId, outcomeIndex: k };
    }
  }
}

/**
 * The settlement of every selection any bookmaker offered on the fixture, at `settledAt`: graded
 * on the final score at full time, or void when the fixture was cancelled.
 */
export function settlementsOf(runtime: FixtureRuntime, settledAt: number, cancelled: boolean): SettlementRecord[] {
  const state = runtime.record.match;
  const settlements: SettlementRecord[] = [];
  for (const { market, playerId, outcomeIndex } of offeredSelections(runtime)) {
    const outcome = market.outcomes[outcomeIndex];
    if (outcome === undefined) continue;
    const graded = cancelled ? { grade: 'void' as const, rule: 'void: fixture cancelled', score: null } : gradeOffered(state, market, outcome.outcomeName, playerId);
    settlements.push({
      fixtureId: runtime.fixtureId,
      outcomeId: outcome.outcomeId,
      playerId,
      marketId: market.marketId,
      grade: graded.grade,
      rule: graded.rule,
      score: graded.score,
      settledAt,
    });
  }
  return settlements;
}
