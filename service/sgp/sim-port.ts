// The parlay/SGP data port over a live state (the edge's, folded from the feed; or a simulator's):
// held fixtures, current odds and bookmaker meta, and the joint fair price from the fixture's
// current model, built from the pricing inputs the producer publishes. The model of a
// fixture is kept between requests until its state changes (see `PricerCache`), so that repeated
// SGP requests do not rebuild it (5–28 ms a live fixture) and repeated legs are not re-priced.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import { localizeView } from '../catalogue/localize.ts';
import { createFixturePricer, type FixturePricer, type JointPrice, type SubsetWinProbabilities, type WinProbability } from '../pricing/fixture-pricer.ts';
import { legsKey, memoSubsetWinProbabilities, memoWinProbability, modelLegs, remember } from './model-legs.ts';
import type { PricingModels } from '../sim/pricing-adapter.ts';
import type { Simulator } from '../sim/simulator.ts';
import type { BookmakerProfile } from '../catalogue/types.ts';
import { fixtureScopeOf, type FixtureScope } from '../producer/feed.ts';
import { pricingInputsOf, pricingKey, type PricingInputs } from './pricing-inputs.ts';
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { ParlayDataPort } from './port.ts';
import { isLive } from '../../src/wire/status.ts';

/** Fixtures whose model is kept; the least recently used one is dropped beyond it. */
const PRICER_CACHE_SIZE = 256;

interface CachedPricer {
  readonly key: string;
  readonly pricer: FixturePricer;
  readonly joints: Map<string, JointPrice>;
  readonly wins: Map<string, WinProbability>;
  readonly subsets: Map<string, SubsetWinProbabilities>;
}

/** The fixture's pricer, rebuilt only when its inputs change (see `pricingKey`). */
class PricerCache {
  private readonly entries = new Map<string, CachedPricer>();

  get(fixtureId: string, inputs: PricingInputs): CachedPricer {
    const key = pricingKey(inputs);
    const cached = this.entries.get(fixtureId);
    if (cached !== undefined && cached.key === key) {
      // Most recently used last: Map iteration order is insertion order.
      this.entries.delete(fixtureId);
      this.entries.set(fixtureId, cached);
      return cached;
    }
    const entry: CachedPricer = {
      key,
      pricer: createFixturePricer(inputs.params, inputs.state, inputs.players),
      joints: new Map(),
      wins: new Map(),
      subsets: new Map(),
    };
    this.entries.delete(fixtureId);
    this.entries.set(fixtureId, entry);
    if (this.entries.size > PRICER_CACHE_SIZE) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return entry;
  }
}

/** What the port reads of the live state: the simulator's (in-process) or the edge's (folded from the feed). */
export interface LiveParlayReads {
  view(fixtureId: string): FixtureView | null;
  scope(fixtureId: string): FixtureScope | undefined;
  /** True for a fixture retention dropped after it was published. */
  wasPurged(fixtureId: string): boolean;
  odds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>>;
  bookmakers(fixtureId: string): Readonly<Record<string, BookmakerFixtureMeta>>;
  readonly books: readonly BookmakerProfile[];
  /** null when the fixture has no model. */
  pricingInputs(fixtureId: string): PricingInputs | null;
  now(): number;
}

/** The parlay/SGP data port over a live state. */
export function liveParlayPort(live: LiveParlayReads, catalogue: CatalogueIndex, reference: ReferenceIndex): ParlayDataPort {
  const pricers = new PricerCache();
  const pricerOf = (fixtureId: string): CachedPricer | null => {
    const inputs = live.pricingInputs(fixtureId);
    return inputs === null ? null : pricers.get(fixtureId, inputs);
  };
  return {
    fixture(fixtureId, lang) {
      const view = live.view(fixtureId);
      const scope = live.scope(fixtureId);
      if (view === null || scope === undefined) return undefined;
      return {
        view: localizeView(view, lang, reference),
        sportId: scope.sportId,
        tournamentId: scope.tournamentId,
        statusId: scope.statusId,
        live: isLive(scope.statusId),
        endedAt: scope.finishedAtMs,
      };
    },
    wasIssued: (fixtureId) => live.scope(fixtureId) !== undefined || live.wasPurged(fixtureId),
    odds: (fixtureId, bookmaker) => live.odds(fixtureId)[bookmaker],
    bookmakerMeta: (fixtureId, bookmaker) => live.bookmakers(fixtureId)[bookmaker],
    bookmakerProfile: (slug) => live.books.find((b) => b.bookmaker === slug),
    jointFairPrice(fixtureId, legs) {
      const cached = pricerOf(fixtureId);
      if (cached === null) return 'unknown_fixture';
      const { pricer, joints } = cached;
      const key = legsKey(legs);
      const known = joints.get(key);
      if (known !== undefined) return known;
      const sgpLegs = modelLegs(pricer, catalogue, legs);
      const price: JointPrice = 'unpriceable' in sgpLegs ? { kind: 'not_combinable', reason: 'unpriceable_leg', detail: String(sgpLegs.unpriceable) } : pricer.jointFairPrice(sgpLegs);
      remember(joints, key, price);
      return price;
    },
    winProbability(fixtureId, legs, budget) {
      const cached = pricerOf(fixtureId);
      if (cached === null) return 'unknown_fixture';
      return memoWinProbability(cached.pricer, catalogue, cached.wins, legs, budget);
    },
    subsetWinProbabilities(fixtureId, legs, budget) {
      const cached = pricerOf(fixtureId);
      if (cached === null) return 'unknown_fixture';
      return memoSubsetWinProbabilities(cached.pricer, catalogue, cached.subsets, legs, budget);
    },
    now: () => live.now(),
  };
}

/** The simulator's live state as the port's reads (the producer's thread, and tests). */
export function simulatorParlayReads(sim: Simulator, models: PricingModels): LiveParlayReads {
  return {
    view: (id) => sim.fixtureView(id),
    scope(id) {
      const record = sim.fixtureRecord(id);
      return record === undefined ? undefined : fixtureScopeOf(record);
    },
    wasPurged: (id) => sim.wasPurged(id),
    odds: (id) => sim.fixtureOdds(id),
    bookmakers: (id) => sim.fixtureBookmakers(id),
    get books() {
      return sim.books;
    },
    pricingInputs(id) {
      const runtime = sim.runtime(id);
      return runtime === undefined ? null : pricingInputsOf(models, runtime);
    },
    now: () => sim.now(),
  };
}

/** The parlay/SGP port straight over the simulator (tests that drive a simulator without a service). */
export function simulatorParlayPort(sim: Simulator, models: PricingModels, catalogue: CatalogueIndex, reference: ReferenceIndex): ParlayDataPort {
  return liveParlayPort(simulatorParlayReads(sim, models), catalogue, reference);
}
