// Legs of the data port (outcomeId, playerId) as the pricing model's legs: their catalogue market
// and outcome, at the model's fair price. Shared by the simulator's port and the test world.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { FixturePricer, SgpLeg, SubsetWinProbabilities, WinProbability } from '../pricing/fixture-pricer.ts';
import type { WorkBudget } from '../pricing/joint-states.ts';
import type { LegRef } from './port.ts';

/** The model's legs, or the outcomeId it cannot price (unknown outcome, or no positive fair probability). */
export function modelLegs(pricer: FixturePricer, catalogue: Pick<CatalogueIndex, 'byOutcomeId'>, legs: readonly LegRef[]): SgpLeg[] | { readonly unpriceable: number } {
  const out: SgpLeg[] = [];
  for (const { outcomeId, playerId } of legs) {
    const ref = catalogue.byOutcomeId.get(outcomeId);
    const p = ref === undefined ? undefined : pricer.fairProbabilities(ref.market, playerId)?.[ref.market.outcomes.indexOf(ref.outcome)];
    if (ref === undefined || p === undefined || !(p > 0)) return { unpriceable: outcomeId };
    out.push({ market: ref.market, outcomeName: ref.outcome.outcomeName, playerId, fairPrice: 1 / p });
  }
  return out;
}

/** The memo key of a list of legs. */
export function legsKey(legs: readonly LegRef[]): string {
  return legs.map((leg) => `${String(leg.outcomeId)}:${String(leg.playerId)}`).join(',');
}

/**
 * Joint prices (and win probabilities) kept per fixture state: distinct leg sets. An SGP of n legs
 * asks for every subset of its legs (2ⁿ − 1), so a few SGPs fill it.
 */
export const JOINTS_PER_PRICER = 1024;

/** Keeps a computed joint, forgetting them all past `JOINTS_PER_PRICER`. */
export function remember<T>(memo: Map<string, T>, key: string, value: T): void {
  if (memo.size >= JOINTS_PER_PRICER) memo.clear();
  memo.set(key, value);
}

/**
 * The pricer's P(every leg wins), remembered in `memo` (one per pricer, i.e. per fixture state)
 * except a `joint_too_large` answer: over the budget is a fact about the budget left, not the legs.
 * The pricing service's path for every SGP (sim-port.ts; bench/sgp-cost.bench.ts times it).
 */
export function memoWinProbability(
  pricer: FixturePricer,
  catalogue: Pick<CatalogueIndex, 'byOutcomeId'>,
  memo: Map<string, WinProbability>,
  legs: readonly LegRef[],
  budget?: WorkBudget,
): WinProbability {
  const key = legsKey(legs);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const sgpLegs = modelLegs(pricer, catalogue, legs);
  const win: WinProbability = 'unpriceable' in sgpLegs ? { kind: 'not_combinable', reason: 'unpriceable_leg', detail: String(sgpLegs.unpriceable) } : pricer.winProbability(sgpLegs, budget);
  if (win.kind === 'priced' || win.reason !== 'joint_too_large') remember(memo, key, win);
  return win;
}

/** `subsetWinProbabilities` of the legs, remembered like `memoWinProbability` (not a `joint_too_large`). */
export function memoSubsetWinProbabilities(
  pricer: FixturePricer,
  catalogue: Pick<CatalogueIndex, 'byOutcomeId'>,
  memo: Map<string, SubsetWinProbabilities>,
  legs: readonly LegRef[],
  budget?: WorkBudget,
): SubsetWinProbabilities {
  const key = legsKey(legs);
  const known = memo.get(key);
  if (known !== undefined) return known;
  const sgpLegs = modelLegs(pricer, catalogue, legs);
  const subsets: SubsetWinProbabilities =
    'unpriceable' in sgpLegs ? { kind: 'not_combinable', reason: 'unpriceable_leg', detail: String(sgpLegs.unpriceable) } : pricer.subsetWinProbabilities(sgpLegs, budget);
  if (subsets instanceof Float64Array || subsets.reason !== 'joint_too_large') remember(memo, key, subsets);
  return subsets;
}
