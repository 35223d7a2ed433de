// Prices the markets of one fixture from its sport model: the fair probability of every outcome
// of a market, and the fair price of a same-game parlay from the joint distribution of its legs.
//
// Singles. An outcome's grade masses are Σ over the distribution of its row (the market's period
// in the unit `scoreUnit` names) of P(score) × the grade `settlement.ts` gives that score; a
// family graded on one view of the score (total, margin, one team) is summed over that view's
// 1-D distribution, computed once per row. The fair probability of an outcome that can push or
// settle half is p = 1/d for the d with expected return exactly 1 (`effectiveProbability`).
// Same-game parlays. Fair joint price = Π dᵢ / E[Π returnFactor(gradeᵢ, dᵢ)], the expectation
// taken over the model's exact joint distribution of the rows the legs depend on (e.g. first
// half × second half for a first-half leg with a full-time leg): 1/P(all win) for win/lose legs,
// Π dᵢ for independent legs. Player props are independent of the score rows and of each other,
// except legs on one player's one statistic, priced on its single count. Not combinable: two
// outcomes of one market, legs that can never pay together, a leg the model cannot price, two
// legs on one esports map's kill order, or a joint beyond the work budget (`JOINT_WORK_LIMIT`,
// ~35–40 ms of CPU here, see joint-states.ts: a parlay on all four basketball quarters' cells is
// one). Segment sports (soccer, basketball,
// American football, ice hockey, baseball) take the expectation by variable elimination
// (segment-expectation.ts) instead of building the joint; tennis and esports sum over `joint`.
// Measured (service/pricing/fixture-pricer.test.ts logs it): a 282-market soccer fixture prices
// at 1–2.5·10⁵ markets per second model build included, and 1.1·10³ three-leg parlays over two
// periods per second, on this project's 2-core machine.

import type { CatalogueMarket } from '../catalogue/types.ts';
import { returnFactor } from '../../src/domain/grade.ts';
import type { Grade } from '../../src/domain/grade.ts';
import { SettlementError, selectionGrader } from '../../src/domain/settlement.ts';
import type { SelectionGrader } from '../../src/domain/settlement.ts';
import { FACTOR_WORK, JOINT_WORK_LIMIT, JointTooLargeError, WorkBudget } from './joint-states.ts';
import {
  PricedRow,
  addGrade,
  effectiveProbability,
  emptyGradeMasses,
  gradeMassesOnRow,
  marketProjection,
  representativeScore,
} from './market-families.ts';
import type { PlayerRates } from './player-props.ts';
import { PlayerProps, propGrader } from './player-props.ts';
import { PricingError } from './pricing-error.ts';
import type { Dist1D, RowDistribution, ScoreProjection } from './score-grid.ts';
import type { ExpectationFactor } from './segment-expectation.ts';
import type { DimSpec, GradeMasses, InPlayState, ScoreModel, Selection } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import type { ScoreUnit } from './score-unit.ts';
import { scoreUnit } from './score-unit.ts';
import type { AmericanFootballParams } from './american-football.ts';
import { americanFootballModel } from './american-football.ts';
import type { BasketballParams } from './basketball.ts';
import { basketballModel } from './basketball.ts';
import type { EsportsParams } from './esports.ts';
import { esportsModel } from './esports.ts';
import type { BaseballParams, IceHockeyParams } from './poisson-sports.ts';
import { baseballModel, iceHockeyModel } from './poisson-sports.ts';
import type { SoccerParams } from './soccer.ts';
import { soccerModel } from './soccer.ts';
import type { TennisParams } from './tennis.ts';
import { tennisModel } from './tennis.ts';

/** The parameters of one fixture's model; `model` names the sport's model. */
export type ModelParams =
  | SoccerParams
  | BasketballParams
  | AmericanFootballParams
  | IceHockeyParams
  | BaseballParams
  | TennisParams
  | EsportsParams;

/** One leg of a same-game parlay: a selection and the (fair or quoted) price it is priced at. */
export interface SgpLeg {
  readonly market: CatalogueMarket;
  readonly outcomeName: string;
  /** 0 for non-player markets. */
  readonly playerId: number;
  /** Decimal price dᵢ ≥ 1 of the leg in the formula Π dᵢ / E[Π returnFactor(gradeᵢ, dᵢ)]. */
  readonly fairPrice: number;
}

/** Why a set of legs has no joint price (spec section 3: `not_combinable`). */
export type NotCombinableReason =
  /** Two legs are outcomes of one market (same `marketId` and `playerId`). */
  | 'same_market'
  /** The legs can never pay together: their joint expected return is 0. */
  | 'contradictory'
  /** A leg's market is one this model cannot price. */
  | 'unpriceable_leg'
  /** Two legs depend on the same unobserved detail (the kill order of one esports map). */
  | 'order_dependent'
  /** The exact joint distribution would exceed the work budget. */
  | 'joint_too_large'
  /** A leg can push, settle half or be void: the parlay's return would depend on it (SGP rule). */
  | 'push_dependent'
  /** The book's own leg probabilities are impossible under the model's structure (e.g. a leg implying another priced longer). */
  | 'book_inconsistent';

export type JointPrice =
  | {
      readonly kind: 'priced';
      /** Π dᵢ / E[Π returnFactor(gradeᵢ, dᵢ)]: the price whose expected return is the stake. */
      readonly fairPrice: number;
      /** 1 / fairPrice; P(every leg wins) when no leg can push or settle half. */
      readonly impliedJointProbability: number;
      /** Π dᵢ, the naive product of the leg prices. */
      readonly singlesPrice: number;
    }
  | { readonly kind: 'not_combinable'; readonly reason: NotCombinableReason; readonly detail: string };

/**
 * The model's probability that every leg wins (`won`; a push, a half win and a void are not
 * wins), and which legs can settle other than won or lost in the current state.
 */
export type WinProbability =
  | {
      readonly kind: 'priced';
      /** P(every leg is graded `won`). */
      readonly probability: number;
      /** Per leg: true when the leg can push, settle half or be void (mass above `PUSH_MASS`). */
      readonly pushable: readonly boolean[];
    }
  | { readonly kind: 'not_combinable'; readonly reason: NotCombinableReason; readonly detail: string };

/** P(every leg of S wins) by subset bit mask (`subsetWinProbabilities`), or why the legs have none. */
export type SubsetWinProbabilities = Float64Array | Extract<WinProbability, { kind: 'not_combinable' }>;

/** A leg's push, half and void mass above this counts as "can push" (below it is pruning noise). */
export const PUSH_MASS = 1e-12;

export interface FixturePricer {
  readonly sportId: number;
  /**
   * The effective fair probability of each outcome of `market`, in `market.outcomes` order, or
   * null when the model cannot price the market (unknown marketType or period, a row that can
   * only be void). Outcomes that can push or settle half get the probability p = 1/d of the
   * price d whose expected return is exactly the stake; the probabilities of a complete market
   * sum to 1. `playerId` selects the player of a player-prop market (ignored otherwise).
   */
  fairProbabilities(market: CatalogueMarket, playerId: number): number[] | null;
  /**
   * The joint fair price of same-game parlay legs, from the same model as the singles. `budget`
   * bounds the work (`JOINT_WORK_LIMIT` by default, ~35–40 ms); beyond it the answer is
   * `joint_too_large`, and `budget.used` tells what was spent.
   */
  jointFairPrice(legs: readonly SgpLeg[], budget?: WorkBudget): JointPrice;
  /**
   * P(every leg wins) from the same joint distribution (`fairPrice` of the legs is not read):
   * E[Π 1{gradeᵢ = won}]. One leg is read off its row (no joint); `not_combinable` for two
   * outcomes of one market, a leg the model cannot price, or a joint beyond `budget`.
   */
  winProbability(legs: readonly SgpLeg[], budget?: WorkBudget): WinProbability;
  /**
   * P(every leg of S wins) for every subset S of the legs at once, indexed by bit mask (bit i:
   * leg i; index 0, the empty set, is 1): the numbers `winProbability` gives each subset, one
   * leg read off its row. Models priced from their joint (tennis, esports) take one pass over the
   * joint of all the legs, carrying each state's products over the subsets; segment sports and
   * legs with a player prop are priced subset by subset. `not_combinable` as `winProbability`
   * answers for the whole set (or the first subset refused).
   */
  subsetWinProbabilities(legs: readonly SgpLeg[], budget?: WorkBudget): SubsetWinProbabilities;
  /** The distribution of a score row, or null when the model has no such row. */
  row(period: string, unit: ScoreUnit): RowDistribution | null;
}

/** The sport model of `params` in `state`. */
export function createScoreModel(params: ModelParams, state: InPlayState): ScoreModel {
  switch (params.model) {
    case 'soccer':
      return soccerModel(params, state);
    case 'basketball':
      return basketballModel(params, state);
    case 'american-football':
      return americanFootballModel(params, state);
    case 'ice-hockey':
      return iceHockeyModel(params, state);
    case 'baseball':
      return baseballModel(params, state);
    case 'tennis':
      return tennisModel(params, state);
    case 'esports':
      return esportsModel(params, state);
  }
}

function gridSelection(market: CatalogueMarket, outcomeName: string): Selection | null {
  const projection = marketProjection(market.marketType);
  if (projection === null) return null;
  let grader: SelectionGrader;
  try {
    grader = selectionGrader(market, outcomeName);
  } catch (error) {
    if (error instanceof SettlementError) return null;
    throw error;
  }
  return { period: market.period, unit: scoreUnit(market), projection, grader, conditional: null, orderKey: null };
}

/** What a leg pays in one state: its return at a price, or the indicator of a win. */
interface Payoff {
  ofGrade(grade: Grade): number;
  ofMasses(masses: GradeMasses): number;
}

/** returnFactor at price d: E[returnFactor] given the grade masses of one state. */
function returnAt(d: number): Payoff {
  return {
    ofGrade: (grade) => returnFactor(grade, d),
    ofMasses: (masses) => masses.won * d + masses.halfWon * ((1 + d) / 2) + masses.push + masses.halfLost * 0.5,
  };
}

/** 1 when the leg is graded `won`, else 0: a push, a half win and a void are not wins. */
const WIN_INDICATOR: Payoff = {
  ofGrade: (grade) => (grade === 'won' ? 1 : 0),
  ofMasses: (masses) => masses.won,
};

class Pricer implements FixturePricer {
  readonly sportId: number;
  private readonly model: ScoreModel;
  private readonly props: PlayerProps;
  private readonly rows = new Map<string, PricedRow | null>();
  private readonly fair = new Map<CatalogueMarket, Map<number, number[] | null>>();

  constructor(model: ScoreModel, props: PlayerProps) {
    this.model = model;
    this.sportId = model.sportId;
    this.props = props;
  }

  row(period: string, unit: ScoreUnit): RowDistribution | null {
    return this.pricedRow(period, unit)?.grid() ?? null;
  }

  private pricedRow(period: string, unit: ScoreUnit): PricedRow | null {
    const key = `${unit}/${period}`;
    let row = this.rows.get(key);
    if (row === undefined) {
      row = this.model.hasRow(period, unit) ? new PricedRow(this.model, period, unit) : null;
      this.rows.set(key, row);
    }
    return row;
  }

  private selection(market: CatalogueMarket, outcomeName: string): Selection | null {
    if (market.sportId !== this.sportId) return null;
    const special = this.model.specialSelection(market, outcomeName);
    return special === undefined ? gridSelection(market, outcomeName) : special;
  }

  private selectionMasses(selection: Selection): GradeMasses | null {
    const row = this.pricedRow(selection.period, selection.unit);
    if (row === null) return null;
    if (selection.grader !== null) return gradeMassesOnRow(selection.grader, selection.projection, row);
    const conditional = selection.conditional;
    if (conditional === null) return null;
    const { grid, voidMass } = row.grid();
    const masses = emptyGradeMasses();
    masses.push = voidMass;
    const { min1, min2, size1, size2, mass } = grid;
    const cell = emptyGradeMasses();
    for (let i = 0; i < size1; i += 1) {
      for (let j = 0; j < size2; j += 1) {
        const p = mass[i * size2 + j] ?? 0;
        if (p === 0) continue;
        cell.won = cell.halfWon = cell.push = cell.halfLost = cell.lost = 0;
        conditional(min1 + i, min2 + j, cell);
        masses.won += p * cell.won;
        masses.halfWon += p * cell.halfWon;
        masses.push += p * cell.push;
        masses.halfLost += p * cell.halfLost;
        masses.lost += p * cell.lost;
      }
    }
    return masses;
  }

  fairProbabilities(market: CatalogueMarket, playerId: number): number[] | null {
    // Remembered per market and player: an SGP reads each leg's market, and its cap each single's,
    // once per selection (modelLegs), so a market of k outcomes would be graded k times over.
    let byPlayer = this.fair.get(market);
    if (byPlayer === undefined) {
      byPlayer = new Map();
      this.fair.set(market, byPlayer);
    }
    let known = byPlayer.get(playerId);
    if (known === undefined) {
      known = this.computeFairProbabilities(market, playerId);
      byPlayer.set(playerId, known);
    }
    return known === null ? null : known.slice();
  }

  private computeFairProbabilities(market: CatalogueMarket, playerId: number): number[] | null {
    const probabilities: number[] = [];
    for (const { outcomeName } of market.outcomes) {
      const masses = market.playerProp ? this.propMasses(market, playerId, outcomeName) : this.gridMasses(market, outcomeName);
      const p = masses === null ? null : effectiveProbability(masses);
      if (p === null) return null;
      probabilities.push(p);
    }
    return probabilities;
  }

  private gridMasses(market: CatalogueMarket, outcomeName: string): GradeMasses | null {
    const selection = this.selection(market, outcomeName);
    return selection === null ? null : this.selectionMasses(selection);
  }

  private propMasses(market: CatalogueMarket, playerId: number, outcomeName: string): GradeMasses | null {
    const count = this.props.count(playerId, market.marketType);
    const grader = propGrader(market.handicap, market.period, outcomeName);
    if (count === null || grader === null) return null;
    const masses = emptyGradeMasses();
    for (let k = 0; k < count.mass.length; k += 1) {
      const p = count.mass[k] ?? 0;
      if (p !== 0) addGrade(masses, grader(count.min + k, 0), p);
    }
    return masses;
  }

  jointFairPrice(legs: readonly SgpLeg[], budget: WorkBudget = new WorkBudget(JOINT_WORK_LIMIT)): JointPrice {
    if (legs.length === 0) throw new PricingError('a same-game parlay needs at least one leg');
    let singlesPrice = 1;
    for (const leg of legs) {
      if (!Number.isFinite(leg.fairPrice) || leg.fairPrice < 1) {
        throw new PricingError(`leg price must be a finite decimal price ≥ 1, got ${String(leg.fairPrice)}`);
      }
      singlesPrice *= leg.fairPrice;
    }
    const expectation = this.expectation(legs, (leg) => returnAt(leg.fairPrice), budget);
    if (typeof expectation !== 'number') return expectation;
    if (!(expectation > 1e-12)) {
      return notCombinable('contradictory', 'the legs can never win together (joint probability 0)');
    }
    const fairPrice = singlesPrice / expectation;
    return { kind: 'priced', fairPrice, impliedJointProbability: 1 / fairPrice, singlesPrice };
  }

  winProbability(legs: readonly SgpLeg[], budget: WorkBudget = new WorkBudget(JOINT_WORK_LIMIT)): WinProbability {
    if (legs.length === 0) throw new PricingError('a same-game parlay needs at least one leg');
    const pushable: boolean[] = [];
    const single: number[] = [];
    for (const leg of legs) {
      const masses = leg.market.playerProp ? this.propMasses(leg.market, leg.playerId, leg.outcomeName) : this.gridMasses(leg.market, leg.outcomeName);
      if (masses === null) return notCombinable('unpriceable_leg', `no model for market ${String(leg.market.marketId)} outcome ${leg.outcomeName}`);
      pushable.push(masses.push + masses.halfWon + masses.halfLost > PUSH_MASS);
      single.push(masses.won);
    }
    // One leg: its row's won mass, without a joint (the singles' own numbers).
    if (legs.length === 1) return { kind: 'priced', probability: single[0] ?? 0, pushable };
    const probability = this.expectation(legs, () => WIN_INDICATOR, budget);
    if (typeof probability !== 'number') return probability;
    return { kind: 'priced', probability, pushable };
  }

  subsetWinProbabilities(legs: readonly SgpLeg[], budget: WorkBudget = new WorkBudget(JOINT_WORK_LIMIT)): SubsetWinProbabilities {
    const n = legs.length;
    if (n === 0) throw new PricingError('a same-game parlay needs at least one leg');
    if (n > MAX_SUBSET_LEGS) throw new PricingError(`subset probabilities of ${String(n)} legs: at most ${String(MAX_SUBSET_LEGS)}`);
    const size = 1 << n;
    const allWin = new Float64Array(size);
    allWin[0] = 1;
    // The whole set first: its refusal (same market, order, budget) is the answer, as before.
    const onePass = legs.some((leg) => leg.market.playerProp) || this.model.expectation !== undefined ? null : this.jointSubsets(legs, allWin, budget);
    if (onePass === null) {
      const whole = this.winProbability(legs, budget);
      if (whole.kind !== 'priced') return whole;
      allWin[size - 1] = whole.probability;
      for (let mask = 3; mask < size - 1; mask += 1) {
        if ((mask & (mask - 1)) === 0) continue;
        const p = this.winProbability(legs.filter((_leg, i) => (mask & (1 << i)) !== 0), budget);
        if (p.kind !== 'priced') return p;
        allWin[mask] = p.probability;
      }
    } else if (onePass !== true) return onePass;
    // One leg is its row's won mass (the single's own number), as `winProbability` reads it.
    for (let i = 0; i < n; i += 1) {
      const leg = legs[i];
      if (leg === undefined) continue;
      const masses = leg.market.playerProp ? this.propMasses(leg.market, leg.playerId, leg.outcomeName) : this.gridMasses(leg.market, leg.outcomeName);
      if (masses === null) return notCombinable('unpriceable_leg', `no model for market ${String(leg.market.marketId)} outcome ${leg.outcomeName}`);
      allWin[1 << i] = masses.won;
    }
    return allWin;
  }

  /**
   * Every subset's E[Π 1{won}] in one pass over the joint of all the legs' views, written into
   * `allWin` (true), or why the legs have none. Per state, the product over subset S is the
   * product over S without its lowest leg times that leg's value: 2ⁿ multiplies a state.
   */
  private jointSubsets(legs: readonly SgpLeg[], allWin: Float64Array, budget: WorkBudget): true | NotCombinable {
    const same = sameMarket(legs);
    if (same !== null) return same;
    const views = this.gridViews(legs, () => WIN_INDICATOR);
    if ('kind' in views) return views;
    const { dims, evaluators } = views;
    let joint: ReturnType<ScoreModel['joint']>;
    try {
      joint = this.model.joint(dims, budget);
      if (joint === null) return notCombinable('unpriceable_leg', 'a leg is on a row this model does not have');
      // Each state evaluates every leg (memoised), then multiplies out the subsets.
      budget.charge(joint.states.count() * ((evaluators.length + 1) * FACTOR_WORK + allWin.length));
    } catch (error) {
      if (error instanceof JointTooLargeError) return notCombinable('joint_too_large', error.message);
      throw error;
    }
    const { states } = joint;
    const values = new Int32Array(states.lo.length);
    const factor = new Float64Array(evaluators.length);
    const product = new Float64Array(allWin.length);
    const lowest = new Int32Array(allWin.length);
    for (let mask = 1; mask < allWin.length; mask += 1) lowest[mask] = 31 - Math.clz32(mask & -mask);
    states.forEach((key, p) => {
      states.decode(key, values);
      evaluators.forEach((evaluator, i) => {
        factor[i] = joint.present(evaluator.first, values) ? evaluator.expectedReturn(values) : 1;
      });
      product[0] = p;
      for (let mask = 1; mask < product.length; mask += 1) {
        const low = lowest[mask] ?? 0;
        const v = (product[mask ^ (1 << low)] ?? 0) * (factor[low] ?? 0);
        product[mask] = v;
        allWin[mask] = (allWin[mask] ?? 0) + v;
      }
    });
    const whole = allWin[allWin.length - 1] ?? 0;
    allWin[0] = 1;
    if (!Number.isFinite(whole)) throw new PricingError('subset probabilities are not finite');
    return true;
  }

  /** E[Π payoff(legᵢ)] over the model's joint distribution, or why the legs have none. */
  private expectation(legs: readonly SgpLeg[], payoffOf: (leg: SgpLeg) => Payoff, budget: WorkBudget): number | NotCombinable {
    const same = sameMarket(legs);
    if (same !== null) return same;
    const propLegs = legs.filter((leg) => leg.market.playerProp);
    const gridLegs = legs.filter((leg) => !leg.market.playerProp);
    const props = this.propsExpectation(propLegs, payoffOf);
    if (typeof props !== 'number') return props;
    let grid: number | NotCombinable;
    try {
      grid = this.gridExpectation(gridLegs, payoffOf, budget);
    } catch (error) {
      if (error instanceof JointTooLargeError) return notCombinable('joint_too_large', error.message);
      throw error;
    }
    if (typeof grid !== 'number') return grid;
    return props * grid;
  }

  /** E[Π payoff] of the prop legs: independent across (player, statistic) groups. */
  private propsExpectation(legs: readonly SgpLeg[], payoffOf: (leg: SgpLeg) => Payoff): number | NotCombinable {
    const groups = new Map<string, { count: Dist1D; legs: { grader: SelectionGrader; payoff: Payoff }[] }>();
    for (const leg of legs) {
      const count = this.props.count(leg.playerId, leg.market.marketType);
      const grader = propGrader(leg.market.handicap, leg.market.period, leg.outcomeName);
      if (count === null || grader === null || leg.market.sportId !== this.sportId) {
        return notCombinable('unpriceable_leg', `no model for prop market ${String(leg.market.marketId)} of player ${String(leg.playerId)}`);
      }
      const key = `${String(leg.playerId)}:${leg.market.marketType}`;
      const group = groups.get(key) ?? { count, legs: [] };
      group.legs.push({ grader, payoff: payoffOf(leg) });
      groups.set(key, group);
    }
    let expectation = 1;
    for (const { count, legs: groupLegs } of groups.values()) {
      let groupExpectation = 0;
      for (let k = 0; k < count.mass.length; k += 1) {
        const p = count.mass[k] ?? 0;
        if (p === 0) continue;
        let product = p;
        for (const leg of groupLegs) product *= leg.payoff.ofGrade(leg.grader(count.min + k, 0));
        groupExpectation += product;
      }
      expectation *= groupExpectation;
    }
    return expectation;
  }

  /** The views the grid legs read (a cell leg reads two) and each leg's evaluator over them. */
  private gridViews(legs: readonly SgpLeg[], payoffOf: (leg: SgpLeg) => Payoff): { dims: DimSpec[]; evaluators: LegEvaluator[] } | NotCombinable {
    const dims: DimSpec[] = [];
    const dimIndex = new Map<string, number>();
    const dimOf = (period: string, unit: ScoreUnit, projection: ScoreProjection): number => {
      const key = `${unit}/${period}/${projection}`;
      let index = dimIndex.get(key);
      if (index === undefined) {
        index = dims.length;
        dims.push({ period, unit, projection });
        dimIndex.set(key, index);
      }
      return index;
    };
    const orderKeys = new Set<string>();
    const evaluators: LegEvaluator[] = [];
    for (const leg of legs) {
      const selection = this.selection(leg.market, leg.outcomeName);
      if (selection === null || this.pricedRow(selection.period, selection.unit) === null) {
        return notCombinable('unpriceable_leg', `no model for market ${String(leg.market.marketId)} outcome ${leg.outcomeName}`);
      }
      if (selection.orderKey !== null) {
        if (orderKeys.has(selection.orderKey)) {
          return notCombinable('order_dependent', `two legs depend on ${selection.orderKey}`);
        }
        orderKeys.add(selection.orderKey);
      }
      const { period, unit, projection } = selection;
      const first = dimOf(period, unit, projection === 'cell' ? 'team1' : projection);
      const second = projection === 'cell' ? dimOf(period, unit, 'team2') : -1;
      evaluators.push(new LegEvaluator(selection, payoffOf(leg), first, second));
    }
    return { dims, evaluators };
  }

  /** E[Π payoff] of the legs on the score rows, from the model's joint distribution. */
  private gridExpectation(legs: readonly SgpLeg[], payoffOf: (leg: SgpLeg) => Payoff, budget: WorkBudget): number | NotCombinable {
    if (legs.length === 0) return 1;
    const views = this.gridViews(legs, payoffOf);
    if ('kind' in views) return views;
    const { dims, evaluators } = views;
    if (this.model.expectation !== undefined) {
      const expectation = this.model.expectation(dims, evaluators, budget);
      return expectation ?? notCombinable('unpriceable_leg', 'a leg is on a row this model does not have');
    }
    const joint = this.model.joint(dims, budget);
    if (joint === null) return notCombinable('unpriceable_leg', 'a leg is on a row this model does not have');
    const { states } = joint;
    // Each state decodes and evaluates every leg (memoised): charged like a factor evaluation.
    budget.charge(states.count() * (evaluators.length + 1) * FACTOR_WORK);
    const values = new Int32Array(states.lo.length);
    let expectation = 0;
    states.forEach((key, p) => {
      states.decode(key, values);
      let product = p;
      for (const evaluator of evaluators) {
        if (!joint.present(evaluator.first, values)) continue;
        product *= evaluator.expectedReturn(values);
      }
      expectation += product;
    });
    return expectation;
  }
}

/** One grid leg's expected return given the joint state, memoised per value. */
class LegEvaluator implements ExpectationFactor {
  readonly first: number;
  readonly dims: readonly number[];
  private readonly second: number;
  private readonly selection: Selection;
  private readonly payoff: Payoff;
  private readonly memo = new Map<number, number>();
  private readonly masses = emptyGradeMasses();

  constructor(selection: Selection, payoff: Payoff, first: number, second: number) {
    this.selection = selection;
    this.payoff = payoff;
    this.first = first;
    this.second = second;
    this.dims = second < 0 ? [first] : [first, second];
  }

  expectedReturn(values: Int32Array): number {
    return this.value(values[this.first] ?? 0, this.second < 0 ? 0 : (values[this.second] ?? 0));
  }

  /** The expected return at the value(s) of its dimension(s): `v2` is team2 of a `cell` leg. */
  value(v1: number, v2: number): number {
    // Scores stay far below 2²⁰, so (v1, v2) packs exactly into one number.
    const key = v1 * 1048576 + v2;
    const cached = this.memo.get(key);
    if (cached !== undefined) return cached;
    const { grader, conditional, projection } = this.selection;
    let value: number;
    if (grader !== null) {
      const [a, b] = projection === 'cell' ? [v1, v2] : representativeScore(projection, v1);
      value = this.payoff.ofGrade(grader(a, b));
    } else {
      const masses = this.masses;
      masses.won = masses.halfWon = masses.push = masses.halfLost = masses.lost = 0;
      conditional?.(v1, v2, masses);
      value = this.payoff.ofMasses(masses);
    }
    this.memo.set(key, value);
    return value;
  }
}

type NotCombinable = Extract<JointPrice, { kind: 'not_combinable' }>;

/** Most legs `subsetWinProbabilities` takes: 2ⁿ subsets (the SGP fit stops at 8 legs). */
export const MAX_SUBSET_LEGS = 16;

/** `same_market` when two legs are outcomes of one market (one player's, for a prop), else null. */
function sameMarket(legs: readonly SgpLeg[]): NotCombinable | null {
  const seen = new Set<string>();
  for (const leg of legs) {
    const key = `${String(leg.market.marketId)}:${String(leg.market.playerProp ? leg.playerId : 0)}`;
    if (seen.has(key)) return notCombinable('same_market', `two legs are outcomes of market ${String(leg.market.marketId)}`);
    seen.add(key);
  }
  return null;
}

function notCombinable(reason: NotCombinableReason, detail: string): NotCombinable {
  return { kind: 'not_combinable', reason, detail };
}

/**
 * The pricer of one fixture: its sport model in `state` (pre-match by default) and its players'
 * prop rates. Build a new pricer when the state changes; each one caches its rows.
 */
export function createFixturePricer(
  params: ModelParams,
  state: InPlayState = PRE_MATCH,
  players: readonly PlayerRates[] = [],
): FixturePricer {
  return new Pricer(createScoreModel(params, state), new PlayerProps(players, state));
}
