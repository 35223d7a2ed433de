// The parlay/SGP data port over the simulator: held fixtures, current odds and bookmaker meta
// from its live state, and the joint fair price from the fixture's current model.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import { localizeView } from '../http/localize.ts';
import { createFixturePricer, type SgpLeg } from '../pricing/fixture-pricer.ts';
import type { PlayerRates } from '../pricing/player-props.ts';
import { inPlayStateOf, type PricingModels } from '../sim/pricing-adapter.ts';
import type { Simulator } from '../sim/simulator.ts';
import type { ParlayDataPort } from './port.ts';

/**
 * `wasPurged` tells whether retention dropped a fixture the service once published (so /sgp can
 * answer 404 for it and 502 for an id that never existed).
 */
export function simulatorParlayPort(
  sim: Simulator,
  models: PricingModels,
  catalogue: CatalogueIndex,
  reference: ReferenceIndex,
  wasPurged: (fixtureId: string) => boolean,
): ParlayDataPort {
  return {
    fixture(fixtureId, lang) {
      const view = sim.fixtureView(fixtureId);
      const record = sim.fixtureRecord(fixtureId);
      if (view === null || record === undefined) return undefined;
      const { sportId, tournamentId } = record.planned;
      return {
        view: localizeView(view, lang, reference),
        sportId,
        tournamentId,
        statusId: record.statusId,
        live: record.statusId === 1,
        endedAt: record.finishedAtMs,
      };
    },
    wasIssued: (fixtureId) => sim.fixtureRecord(fixtureId) !== undefined || wasPurged(fixtureId),
    odds: (fixtureId, bookmaker) => sim.fixtureOdds(fixtureId)[bookmaker],
    bookmakerMeta: (fixtureId, bookmaker) => sim.fixtureBookmakers(fixtureId)[bookmaker],
    bookmakerProfile: (slug) => sim.books.find((b) => b.bookmaker === slug),
    jointFairPrice(fixtureId, legs) {
      const runtime = sim.runtime(fixtureId);
      if (runtime === undefined) return 'unknown_fixture';
      const rates = new Map<number, Record<string, { mean: number }>>();
      for (const prop of runtime.record.props) rates.set(prop.playerId, { ...rates.get(prop.playerId), [prop.marketType]: { mean: prop.rate } });
      const players: PlayerRates[] = [...rates].map(([playerId, r]) => ({ playerId, rates: r }));
      const pricer = createFixturePricer(models.params(runtime.params), inPlayStateOf(runtime.record.match, runtime.params.rules), players);
      const sgpLegs: SgpLeg[] = [];
      for (const { outcomeId, playerId } of legs) {
        const ref = catalogue.byOutcomeId.get(outcomeId);
        const p = ref === undefined ? undefined : pricer.fairProbabilities(ref.market, playerId)?.[ref.market.outcomes.indexOf(ref.outcome)];
        if (ref === undefined || p === undefined || !(p > 0)) return { kind: 'not_combinable', reason: 'unpriceable_leg', detail: String(outcomeId) };
        sgpLegs.push({ market: ref.market, outcomeName: ref.outcome.outcomeName, playerId, fairPrice: 1 / p });
      }
      return pricer.jointFairPrice(sgpLegs);
    },
    now: () => sim.now(),
  };
}
