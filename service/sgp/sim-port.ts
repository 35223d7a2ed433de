// The parlay/SGP data port over the simulator: held fixtures, current odds and bookmaker meta
// from its live state, and the joint fair price from the fixture's current model. The model of a
// fixture is kept between requests until its state changes (see `PricerCache`), so that repeated
// SGP requests do not rebuild it (5–28 ms a live fixture) and repeated legs are not re-priced.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import { localizeView } from '../catalogue/localize.ts';
import { createFixturePricer, type FixturePricer, type JointPrice, type SubsetWinProbabilities, type WinProbability } from '../pricing/fixture-pricer.ts';
import { legsKey, memoSubsetWinProbabilities, memoWinProbability, modelLegs, remember } from './model-legs.ts';
import type { PlayerRates } from '../pricing/player-props.ts';
import type { InPlayState } from '../pricing/score-model.ts';
import { inPlayStateOf, type PricingModels } from '../sim/pricing-adapter.ts';
import type { Simulator } from '../sim/simulator.ts';
import type { FixtureRuntime } from '../sim/fixture-runtime.ts';
import type { ParlayDataPort } from './port.ts';
import { isLive } from '../../src/wire/status.ts';

/** Fixtures whose model is kept; the least recently used one is dropped beyond it. */
const PRICER_CACHE_SIZE = 256;

/**
 * In play the model moves with the clock: the elapsed share is read in steps of 1/1000 of
 * regulation (3 s of a basketball game, 5 s of soccer), so a burst of requests shares one model
 * and a price never lags the clock by more than a step. A score, a drift (pre-match) or a new
 * player count changes the key at once.
 */
const ELAPSED_STEP = 1000;

interface CachedPricer {
  readonly key: string;
  readonly pricer: FixturePricer;
  readonly joints: Map<string, JointPrice>;
  readonly wins: Map<string, WinProbability>;
  readonly subsets: Map<string, SubsetWinProbabilities>;
}

/**
 * The fixture's pricer, rebuilt only when what the model reads changes: its parameters (drift
 * included), the in-play state (scores, clock step, tennis points, player counts) and the prop
 * rates. Computing the key costs microseconds; building a model, milliseconds.
 */
class PricerCache {
  private readonly entries = new Map<string, CachedPricer>();
  private readonly models: PricingModels;

  constructor(models: PricingModels) {
    this.models = models;
  }

  get(fixtureId: string, runtime: FixtureRuntime): CachedPricer {
    const params = this.models.params(runtime.params);
    const exact = inPlayStateOf(runtime.record.match, runtime.params.rules);
    const state: InPlayState = { ...exact, elapsed: Math.round(exact.elapsed * ELAPSED_STEP) / ELAPSED_STEP };
    const rates = new Map<number, Record<string, { mean: number }>>();
    for (const prop of runtime.record.props) rates.set(prop.playerId, { ...rates.get(prop.playerId), [prop.marketType]: { mean: prop.rate } });
    const players: PlayerRates[] = [...rates].map(([playerId, r]) => ({ playerId, rates: r }));
    const key = JSON.stringify([params, state, players]);
    const cached = this.entries.get(fixtureId);
    if (cached !== undefined && cached.key === key) {
      // Most recently used last: Map iteration order is insertion order.
      this.entries.delete(fixtureId);
      this.entries.set(fixtureId, cached);
      return cached;
    }
    const entry: CachedPricer = { key, pricer: createFixturePricer(params, state, players), joints: new Map(), wins: new Map(), subsets: new Map() };
    this.entries.delete(fixtureId);
    this.entries.set(fixtureId, entry);
    if (this.entries.size > PRICER_CACHE_SIZE) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    return entry;
  }
}

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
  const pricers = new PricerCache(models);
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
        live: isLive(record.statusId),
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
      const { pricer, joints } = pricers.get(fixtureId, runtime);
      const key = legsKey(legs);
      const known = joints.get(key);
      if (known !== undefined) return known;
      const sgpLegs = modelLegs(pricer, catalogue, legs);
      const price: JointPrice = 'unpriceable' in sgpLegs ? { kind: 'not_combinable', reason: 'unpriceable_leg', detail: String(sgpLegs.unpriceable) } : pricer.jointFairPrice(sgpLegs);
      remember(joints, key, price);
      return price;
    },
    winProbability(fixtureId, legs, budget) {
      const runtime = sim.runtime(fixtureId);
      if (runtime === undefined) return 'unknown_fixture';
      const { pricer, wins } = pricers.get(fixtureId, runtime);
      return memoWinProbability(pricer, catalogue, wins, legs, budget);
    },
    subsetWinProbabilities(fixtureId, legs, budget) {
      const runtime = sim.runtime(fixtureId);
      if (runtime === undefined) return 'unknown_fixture';
      const { pricer, subsets } = pricers.get(fixtureId, runtime);
      return memoSubsetWinProbabilities(pricer, catalogue, subsets, legs, budget);
    },
    now: () => sim.now(),
  };
}
