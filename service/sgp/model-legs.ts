// Legs of the data port (outcomeId, playerId) as the pricing model's legs: their catalogue market
// and outcome, at the model's fair price. Shared by the simulator's port and the test world.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { FixturePricer, SgpLeg } from '../pricing/fixture-pricer.ts';
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
