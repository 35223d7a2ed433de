// One bookmaker's joint probability of SGP legs: the book's own no-vig leg probabilities, joined
// by the model's dependence structure (the model's table of win patterns fitted to the book's
// marginals, marginal-fit.ts), and the singles that cap the SGP price (docs/api-parlay-sgp.md).
import { DevigError, devig } from '../../src/domain/devig.ts';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { BookmakerProfile } from '../catalogue/types.ts';
import type { NotCombinableReason, SubsetWinProbabilities, WinProbability } from '../pricing/fixture-pricer.ts';
import { JOINT_WORK_LIMIT, WorkBudget } from '../pricing/joint-states.ts';
import { fitMarginals, patternTable } from '../pricing/marginal-fit.ts';
import type { LegRef } from './port.ts';

/** The model's win probability of legs, charged to one budget for the whole SGP. */
export type WinPricing = (legs: readonly LegRef[], budget: WorkBudget) => WinProbability | 'unknown_fixture';

/** The model's P(every leg of S wins) for every subset S of the legs in one call, by bit mask. */
export type SubsetPricing = (legs: readonly LegRef[], budget: WorkBudget) => SubsetWinProbabilities | 'unknown_fixture';

/**
 * Most legs an SGP's joint is fitted on: the fit reads the model's joint of every subset of the
 * legs (2ⁿ − 1 joints), so beyond it the SGP is `joint_too_large`.
 */
export const MAX_FIT_LEGS = 8;

/** Two probabilities this close are equal (the model's pruning error is below 1e-11). */
const SAME_PROBABILITY = 1e-9;

export type BookJoint =
  | {
      readonly kind: 'fitted';
      /** The fitted table over the 2ⁿ win patterns (bit i: leg i wins). */
      readonly table: Float64Array;
      /** P(every leg wins) in it. */
      readonly probability: number;
      /** The book's no-vig probability of each leg (the table's marginals). */
      readonly legProbabilities: readonly number[];
      /** The model's P(every leg wins), and of each leg alone. */
      readonly modelProbability: number;
      readonly modelLegProbabilities: readonly number[];
    }
  | { readonly kind: 'not_combinable'; readonly reason: NotCombinableReason; readonly detail: string }
  | { readonly kind: 'unknown_fixture' };

/** A leg of the book: its selection and its market's entries at the book, in catalogue outcome order. */
export interface BookLeg extends LegRef {
  readonly marketId: number;
}

/**
 * The book's no-vig probability of one outcome: its market's prices at the book (every outcome
 * must be quoted, at a price above 1), de-vigged by the book's own margin method — the inverse of
 * how it put its margin on. The additive method is undefined for some markets (a long shot
 * carrying less than its share of margin): those fall back to multiplicative. Null when the book
 * does not quote the whole market.
 */
export function bookNoVig(
  catalogue: Pick<CatalogueIndex, 'byOutcomeId'>,
  profile: BookmakerProfile,
  fixtureId: string,
  bookOdds: Readonly<Record<string, OddsEntry>>,
  leg: LegRef,
): number | null {
  const ref = catalogue.byOutcomeId.get(leg.outcomeId);
  if (ref === undefined) return null;
  const prices: number[] = [];
  for (const outcome of ref.market.outcomes) {
    const price = bookOdds[`${fixtureId}:${profile.bookmaker}:${String(outcome.outcomeId)}:${String(leg.playerId)}`]?.price;
    if (price === undefined || !(price > 1)) return null;
    prices.push(price);
  }
  const index = ref.market.outcomes.indexOf(ref.outcome);
  try {
    return devig(prices, profile.marginMethod)[index] ?? null;
  } catch (error) {
    if (!(error instanceof DevigError)) throw error;
    return devig(prices, 'multiplicative')[index] ?? null;
  }
}

function notCombinable(reason: NotCombinableReason, detail: string): BookJoint {
  return { kind: 'not_combinable', reason, detail };
}

/**
 * The book's joint of `legs`: refused when a leg can push (`push_dependent`) or the legs cannot
 * all win (`contradictory`); otherwise the model's pattern table fitted to `targets` (the book's
 * no-vig legs), or `book_inconsistent` when the book's legs are impossible under the model.
 * With `subsets` the subset joints come from one call (one pass over the model where it can),
 * otherwise from `win` once per subset.
 */
export function bookJoint(legs: readonly LegRef[], targets: readonly number[], win: WinPricing, budget: WorkBudget, subsets?: SubsetPricing): BookJoint {
  const n = legs.length;
  if (n > MAX_FIT_LEGS) return notCombinable('joint_too_large', `the joint of ${String(n)} legs is fitted on at most ${String(MAX_FIT_LEGS)}`);
  const size = 1 << n;
  const allWin = new Float64Array(size);
  allWin[0] = 1;
  // Each leg alone first: a row read, no joint. A leg that can push refuses the SGP before any
  // joint is computed (the joints are the whole cost of an SGP).
  for (let i = 0; i < n; i += 1) {
    const alone = win(legs.slice(i, i + 1), budget);
    if (alone === 'unknown_fixture') return { kind: 'unknown_fixture' };
    if (alone.kind === 'not_combinable') return alone;
    if (alone.pushable[0] === true) return notCombinable('push_dependent', `leg ${String(legs[i]?.outcomeId)} can push or settle half`);
    allWin[1 << i] = alone.probability;
  }
  if (subsets !== undefined) {
    const table = subsets(legs, budget);
    if (table === 'unknown_fixture') return { kind: 'unknown_fixture' };
    if (!(table instanceof Float64Array)) return table;
    // A leg's push was refused above: pushability is a leg's own (its row's masses).
    for (let mask = 3; mask < size; mask += 1) if ((mask & (mask - 1)) !== 0) allWin[mask] = table[mask] ?? 0;
    return fitted(legs, targets, allWin);
  }
  const all = win(legs, budget);
  if (all === 'unknown_fixture') return { kind: 'unknown_fixture' };
  if (all.kind === 'not_combinable') return all;
  const pushing = all.pushable.findIndex((p) => p);
  if (pushing >= 0) return notCombinable('push_dependent', `leg ${String(legs[pushing]?.outcomeId)} can push or settle half`);
  if (!(all.probability > 1e-12)) return notCombinable('contradictory', 'the legs can never all win (joint probability 0)');
  allWin[size - 1] = all.probability;
  for (let mask = 3; mask < size - 1; mask += 1) {
    // Single legs are read above.
    if ((mask & (mask - 1)) === 0) continue;
    const subset = legs.filter((_leg, i) => (mask & (1 << i)) !== 0);
    const p = win(subset, budget);
    if (p === 'unknown_fixture') return { kind: 'unknown_fixture' };
    if (p.kind === 'not_combinable') return p;
    allWin[mask] = p.probability;
  }
  return fitted(legs, targets, allWin);
}

/** The model's pattern table of the legs (from `allWin`, by subset mask) fitted to `targets`. */
function fitted(legs: readonly LegRef[], targets: readonly number[], allWin: Float64Array): BookJoint {
  const n = legs.length;
  const size = 1 << n;
  const modelProbability = allWin[size - 1] ?? 0;
  if (!(modelProbability > 1e-12)) return notCombinable('contradictory', 'the legs can never all win (joint probability 0)');
  const modelLegProbabilities = legs.map((_leg, i) => allWin[1 << i] ?? 0);
  const table = fitMarginals(patternTable(n, allWin), targets);
  if (table === null) {
    return notCombinable('book_inconsistent', `the book's leg probabilities ${targets.map((t) => t.toFixed(4)).join(', ')} are impossible under the model's joint of the legs`);
  }
  return {
    kind: 'fitted',
    table,
    probability: table[size - 1] ?? 0,
    legProbabilities: targets,
    modelProbability,
    modelLegProbabilities,
  };
}

/** A single the book quotes: its selection and price. */
export interface QuotedSingle extends LegRef {
  readonly price: number;
}

/**
 * The lowest price among the book's singles that win only when every leg wins (a single whose
 * win set lies inside the parlay's: a redundant leg, or e.g. "away by 2+" under {away, over 1.5}),
 * among those quoted below `price`; Infinity when none. A single is checked only when the model
 * can make it a subset: P(single) ≤ P(all legs); then it is one when P(single and all legs) = P(single).
 */
export function containedSinglesCap(
  legs: readonly LegRef[],
  joint: Extract<BookJoint, { kind: 'fitted' }>,
  singles: readonly QuotedSingle[],
  price: number,
  win: WinPricing,
  budget: WorkBudget,
): number | BookJoint {
  let cap = Infinity;
  const legIndex = new Map(legs.map((leg, i) => [`${String(leg.outcomeId)}:${String(leg.playerId)}`, i]));
  for (const single of singles) {
    if (!(single.price < Math.min(price, cap))) continue;
    const i = legIndex.get(`${String(single.outcomeId)}:${String(single.playerId)}`);
    if (i !== undefined) {
      // A redundant leg: the others win whenever it does.
      if ((joint.modelLegProbabilities[i] ?? 0) <= joint.modelProbability + SAME_PROBABILITY) cap = single.price;
      continue;
    }
    const alone = win([single], budget);
    if (alone === 'unknown_fixture' || alone.kind !== 'priced' || !(alone.probability > 1e-12) || alone.probability > joint.modelProbability + SAME_PROBABILITY) continue;
    const together = win([...legs, single], budget);
    if (together === 'unknown_fixture') continue;
    if (together.kind === 'not_combinable') {
      // Another outcome of a leg's market never lies inside the parlay; a budget overrun does refuse it.
      if (together.reason === 'joint_too_large') return together;
      continue;
    }
    if (together.probability >= alone.probability - SAME_PROBABILITY) cap = single.price;
  }
  return cap;
}

/**
 * Work units of one book's SGP: the fit's subset joints and the cap's checks together. Half of
 * `JOINT_WORK_LIMIT`: bench:sgp-cost measures 5–6·10⁵ charged units per CPU ms on the heavy
 * paths of this 2-core machine under load (segment elimination, the tennis joint), so 2·10⁷
 * took ~50 ms to refuse and 10⁷ takes ≤ 20 ms. Every combination the bench quoted before stays
 * under it (the heaviest, basketball spread + total + first-half total, charges 6.55·10⁶).
 */
export const SGP_WORK_LIMIT = JOINT_WORK_LIMIT / 2;

/** The budget of one book's SGP: the fit's subset joints and the cap's checks together. */
export function sgpBudget(): WorkBudget {
  return new WorkBudget(SGP_WORK_LIMIT);
}
