// Connects the simulator to service/pricing: maps the catalogue's participant strengths to each
// sport model's parameters, turns the engine's match state into the models' in-play state, and
// quotes through the pricing module's bookmaker quoting.
import type { BookmakerProfile, CatalogueMarket, ReferenceData } from '../catalogue/types.ts';
import { createFixturePricer } from '../pricing/fixture-pricer.ts';
import type { ModelParams } from '../pricing/fixture-pricer.ts';
import type { PlayerRates } from '../pricing/player-props.ts';
import { quoteMarket } from '../pricing/quoting.ts';
import type { BookQuoting, PriceRounding } from '../pricing/quoting.ts';
import type { InPlayState } from '../pricing/score-model.ts';
import type { ScoreUnit } from '../pricing/score-unit.ts';
import type { MatchParams, MatchRules, MatchState, PropPlayer } from './match-engine.ts';
import { regulationSec } from './match-engine.ts';
import type { FixtureModel, FixtureParams, ModelPort, QuotePort } from './model-port.ts';
import { scoresOfUnit } from './settle.ts';

/**
 * Extra spread of a player's count beyond Poisson. 0 (Poisson): with a dispersion > 0 the
 * pricing module's negative-binomial support search (`negativeBinomialSupportMax`, tail 1e-16)
 * can fail to converge in floating point and walk to 10⁶ (seen on yardage props).
 */
const PROP_DISPERSION = 0;
/** The esports model's default weight of the kill difference on a map's winner. */
const KILL_WEIGHT = 0.3;

/**
 * Model parameters of a fixture from the participants' strengths (log scale, 0 = average of the
 * pool), tempos and the pre-match drift. `d` = strength₁ − strength₂ + drift + a home edge:
 * - soccer: goals = 1.35·tempo·e^(±d/2) each (ρ = −0.08), home edge 0.2;
 * - basketball: total 222·tempo, margin 12·d (+2.5 home); American football: total 45·tempo,
 *   margin 14·d (+2 home);
 * - ice hockey: 3.0·tempo·e^(±0.4d) goals; baseball: 4.5·tempo·e^(±0.35d) runs;
 * - tennis: points won on serve 0.63 ± 0.08·d (no home edge), best of the tournament's sets;
 * - esports: 14·tempo·e^(±0.3d) kills per map, best of the tournament's maps.
 */
export function modelParamsOf(fixture: FixtureParams, strength: (id: number) => number, tempo: (id: number) => number): ModelParams {
  const { rules } = fixture;
  const s1 = strength(fixture.participant1Id);
  const s2 = strength(fixture.participant2Id);
  const pace = (tempo(fixture.participant1Id) + tempo(fixture.participant2Id)) / 2;
  const base = s1 - s2 + fixture.drift;
  switch (rules.sportId) {
    case 10: {
      const d = base + 0.2;
      return { model: 'soccer', goals1: 1.35 * pace * Math.exp(d / 2), goals2: 1.35 * pace * Math.exp(-d / 2), rho: -0.08, knockout: rules.knockout };
    }
    case 11: {
      const total = 222 * pace;
      const margin = 12 * base + 2.5;
      return { model: 'basketball', points1: (total + margin) / 2, points2: (total - margin) / 2 };
    }
    case 14: {
      const total = 45 * pace;
      const margin = Math.max(-30, Math.min(30, 14 * base + 2));
      return { model: 'american-football', points1: (total + margin) / 2, points2: (total - margin) / 2 };
    }
    case 15: {
      const d = base + 0.1;
      return { model: 'ice-hockey', goals1: 3 * pace * Math.exp(0.4 * d), goals2: 3 * pace * Math.exp(-0.4 * d) };
    }
    case 13: {
      const d = base + 0.08;
      return { model: 'baseball', runs1: 4.5 * pace * Math.exp(0.35 * d), runs2: 4.5 * pace * Math.exp(-0.35 * d) };
    }
    case 12: {
      const edge = Math.max(-0.2, Math.min(0.2, 0.08 * base));
      return { model: 'tennis', serve1: 0.63 + edge, serve2: 0.63 - edge, bestOf: rules.expectedPeriods >= 5 ? 5 : 3 };
    }
    case 83: {
      const d = base;
      const bestOf = rules.expectedPeriods === 1 || rules.expectedPeriods === 5 ? rules.expectedPeriods : 3;
      return { model: 'esports', kills1: 14 * pace * Math.exp(0.3 * d), kills2: 14 * pace * Math.exp(-0.3 * d), killWeight: KILL_WEIGHT, bestOf };
    }
    default:
      throw new RangeError(`no model parameters for sportId ${String(rules.sportId)}`);
  }
}

/** The engine's rates from the model's parameters: the engine plays what the model prices. */
export function matchParamsOf(params: ModelParams): MatchParams {
  switch (params.model) {
    case 'soccer':
      return { kind: 'score', expected: [params.goals1, params.goals2] };
    case 'basketball':
    case 'american-football':
      return { kind: 'score', expected: [params.points1, params.points2] };
    case 'ice-hockey':
      return { kind: 'score', expected: [params.goals1, params.goals2] };
    case 'baseball':
      return { kind: 'score', expected: [params.runs1, params.runs2] };
    case 'tennis':
      return { kind: 'tennis', serve: [params.serve1, params.serve2], bestOf: params.bestOf };
    case 'esports':
      return { kind: 'maps', kills: [params.kills1, params.kills2], killWeight: params.killWeight ?? KILL_WEIGHT, bestOf: params.bestOf ?? 3 };
  }
}

/**
 * The models' in-play state from the engine's: the score tables per unit, the share of
 * regulation played (esports: of the current map), tennis points, player counts so far.
 */
export function inPlayStateOf(state: MatchState, rules: MatchRules): InPlayState {
  if (state.phase === 'pre') return { elapsed: 0, scores: {} };
  const scores: Partial<Record<ScoreUnit, ReturnType<typeof scoresOfUnit>>> = {};
  for (const unit of Object.keys(state.rows)) scores[unit as ScoreUnit] = scoresOfUnit(state, unit);
  let elapsed: number;
  if (rules.sportId === 83) {
    const mapSec = (rules.periodLength ?? 15) * 60;
    elapsed = state.phase === 'play' ? Math.min(1, state.periodClock / mapSec) : 0;
  } else if (rules.sportId === 12) elapsed = 0;
  else elapsed = state.phase === 'done' ? 1 : Math.min(1, state.elapsed / Math.max(1, regulationSec(rules)));
  const playerCounts: Record<number, Record<string, number>> = {};
  for (const [playerId, counts] of Object.entries(state.players)) playerCounts[Number(playerId)] = counts;
  return {
    elapsed,
    scores,
    ...(state.tennis === null ? {} : { tennisPoints: [state.tennis.points[0], state.tennis.points[1]] as const }),
    playerCounts,
  };
}

/** The simulator's ModelPort on service/pricing. */
export class PricingModels implements ModelPort {
  private readonly strength = new Map<number, number>();
  private readonly tempo = new Map<number, number>();
  private readonly propRates = new Map<string, number>();

  constructor(reference: ReferenceData) {
    for (const p of reference.participants) {
      this.strength.set(p.participantId, p.strength);
      this.tempo.set(p.participantId, p.tempo);
    }
    for (const player of reference.players) {
      for (const [marketType, rate] of Object.entries(player.propRates)) this.propRates.set(`${String(player.playerId)}:${marketType}`, rate);
    }
  }

  params(fixture: FixtureParams): ModelParams {
    return modelParamsOf(
      fixture,
      (id) => this.strength.get(id) ?? 0,
      (id) => this.tempo.get(id) ?? 1,
    );
  }

  matchParams(fixture: FixtureParams): MatchParams {
    return matchParamsOf(this.params(fixture));
  }

  model(fixture: FixtureParams, state: MatchState, props: readonly PropPlayer[] = []): FixtureModel {
    const players = new Map<number, Record<string, { mean: number; dispersion: number }>>();
    for (const prop of props) {
      const rates = players.get(prop.playerId) ?? {};
      rates[prop.marketType] = { mean: prop.rate, dispersion: PROP_DISPERSION };
      players.set(prop.playerId, rates);
    }
    const playerRates: PlayerRates[] = [...players].map(([playerId, rates]) => ({ playerId, rates }));
    const pricer = createFixturePricer(this.params(fixture), inPlayStateOf(state, fixture.rules), playerRates);
    return {
      fairProbabilities: (market: CatalogueMarket, playerId: number) => pricer.fairProbabilities(market, playerId),
    };
  }

  propRate(playerId: number, marketType: string): number | null {
    return this.propRates.get(`${String(playerId)}:${marketType}`) ?? null;
  }
}

/**
 * The pricing module's grid for a bookmaker's rounding. US books (`american`, steps of 5) are
 * quoted on the 2-decimal grid: the quoting module has no American grid, and rounding a quote to
 * American steps afterwards would break its overround bound; `priceAmerican` is derived from the
 * decimal price as for every book.
 */
export function priceGridOf(rounding: BookmakerProfile['rounding']): PriceRounding {
  switch (rounding.kind) {
    case 'decimals':
      return { kind: 'decimals', decimals: rounding.decimals >= 3 ? 3 : 2 };
    case 'american':
      return { kind: 'decimals', decimals: 2 };
    case 'ladder':
      return { kind: 'ladder' };
    case 'probability':
      return { kind: 'cents' };
  }
}

/**
 * The simulator's QuotePort on `quoteMarket`: the book's main margin on main lines, its
 * alternate margin elsewhere, its margin method, grid and maximum price. The book's noise is
 * applied by the simulator (persistent per selection), so none is added here.
 */
export class PricingQuotes implements QuotePort {
  private readonly cache = new Map<string, BookQuoting>();

  quote(fair: readonly number[], book: BookmakerProfile, main: boolean): readonly number[] {
    const key = `${book.bookmaker}|${main ? 'm' : 'a'}`;
    let quoting = this.cache.get(key);
    if (quoting === undefined) {
      quoting = { margin: main ? book.margin : book.altMargin, method: book.marginMethod, rounding: priceGridOf(book.rounding), maxPrice: book.maxPrice };
      this.cache.set(key, quoting);
    }
    return quoteMarket(fair, quoting);
  }
}
