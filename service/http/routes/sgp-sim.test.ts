// The parlay and SGP endpoints on the real simulator's generated data, through a ParlayDataPort
// written here over the simulator's public reads (the composition root brings its own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalParlayId } from '../../../src/domain/ids.ts';
import { roundParlayPrice } from '../../../src/domain/parlay.ts';
import { parlayResponseSchema, sgpResponseSchema } from '../../../src/wire/schemas.ts';
import type { OddsEntry } from '../../../src/wire/schemas.ts';
import { getCatalogue } from '../../catalogue/catalogue.ts';
import { createFixturePricer } from '../../pricing/fixture-pricer.ts';
import type { SgpLeg } from '../../pricing/fixture-pricer.ts';
import type { PlayerRates } from '../../pricing/player-props.ts';
import { inPlayStateOf, PricingModels } from '../../sim/pricing-adapter.ts';
import { openTestWorld, testReference } from '../../sim/test-support.ts';
import type { TestWorld as SimWorld } from '../../sim/test-support.ts';
import { defaultSgpKnobs } from '../../sgp/port.ts';
import type { ParlayDataPort } from '../../sgp/port.ts';
import { startTestApp } from '../../sgp/test-world.ts';
import type { TestApp } from '../../sgp/test-world.ts';
import { parlayHandler } from './parlay.ts';
import { sgpHandler } from './sgp.ts';

const catalogue = getCatalogue();

function simulatorPort(world: SimWorld): ParlayDataPort {
  const models = new PricingModels(testReference());
  return {
    fixture(fixtureId) {
      const view = world.sim.fixtureView(fixtureId);
      const record = world.sim.fixtureRecord(fixtureId);
      if (view === null || record === undefined) return undefined;
      const { sportId, tournamentId } = record.planned;
      return { view, sportId, tournamentId, statusId: record.statusId, live: record.statusId === 1, endedAt: record.finishedAtMs };
    },
    wasIssued: (fixtureId) => world.sim.fixtureRecord(fixtureId) !== undefined,
    odds: (fixtureId, bookmaker) => world.sim.fixtureOdds(fixtureId)[bookmaker],
    bookmakerMeta: (fixtureId, bookmaker) => world.sim.fixtureBookmakers(fixtureId)[bookmaker],
    bookmakerProfile: (slug) => world.sim.books.find((b) => b.bookmaker === slug),
    jointFairPrice(fixtureId, legs) {
      const runtime = world.sim.runtime(fixtureId);
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
    now: () => world.sim.now(),
  };
}

let world: SimWorld;
let port: ParlayDataPort;
let api: TestApp;

beforeAll(async () => {
  world = openTestWorld();
  port = simulatorPort(world);
  api = await startTestApp({ parlay: parlayHandler({ port }), sgp: sgpHandler({ port, knobs: defaultSgpKnobs() }) });
}, 120_000);

afterAll(async () => {
  await api.close();
  world.dispose();
});

const RESULT = catalogue.byLine.get('10|1x2|result|0');
const OVER25 = catalogue.byLine.get('10|totals|result|2.5');

/** Pre-game soccer fixtures where `book` quotes home win and over 2.5, both tradable. */
function soccerLegs(book: string): { fixtureId: string; legs: string[] }[] {
  const out: { fixtureId: string; legs: string[] }[] = [];
  const home = RESULT?.outcomes[0]?.outcomeId;
  const over = OVER25?.outcomes[0]?.outcomeId;
  for (const fixtureId of world.sim.fixtureIds(0)) {
    if (world.sim.fixtureRecord(fixtureId)?.planned.sportId !== 10) continue;
    const odds = world.sim.fixtureOdds(fixtureId)[book] ?? {};
    const legs = [home, over].map((outcomeId) => `${fixtureId}:${book}:${String(outcomeId)}:0`);
    const entries = legs.map((id) => odds[id]).filter((e): e is OddsEntry => e?.active === true && e.marketActive);
    if (entries.length === 2) out.push({ fixtureId, legs });
  }
  return out;
}

describe('parlay and SGP on the real simulator', () => {
  it('finds pre-game soccer fixtures quoted by bet365', () => {
    expect(soccerLegs('bet365').length).toBeGreaterThan(1);
  });

  it('prices an SGP that parses, is active and sits below singlesPrice for home win and over 2.5', async () => {
    const [first] = soccerLegs('bet365');
    if (first === undefined) throw new Error('no fixture');
    const { status, body } = await api.get('/fixtures/odds/sgp', first.legs.join(','));
    expect(status).toBe(200);
    const entry = sgpResponseSchema.parse(body).sgp.bet365?.[canonicalParlayId(first.legs)];
    expect(entry?.active).toBe(true);
    expect(entry?.price ?? Infinity).toBeLessThan(entry?.singlesPrice ?? 0);
  });

  it('quotes the model joint probability with the book SGP margin', async () => {
    const [first] = soccerLegs('bet365');
    if (first === undefined) throw new Error('no fixture');
    const { body } = await api.get('/fixtures/odds/sgp', first.legs.join(','));
    const entry = sgpResponseSchema.parse(body).sgp.bet365?.[canonicalParlayId(first.legs)];
    const joint = port.jointFairPrice(first.fixtureId, first.legs.map((id) => ({ outcomeId: Number(id.split(':')[2]), playerId: 0 })));
    const margin = port.bookmakerProfile('bet365')?.sgp?.margin ?? NaN;
    if (joint === 'unknown_fixture' || joint.kind !== 'priced') throw new Error('not priced');
    expect(entry?.price).toBe(roundParlayPrice(1 / (joint.impliedJointProbability * (1 + margin))));
  });

  it('prices a cross-fixture accumulator that parses and repeats on both fixtures', async () => {
    const [a, b] = soccerLegs('bet365');
    if (a === undefined || b === undefined) throw new Error('need two fixtures');
    const legs = [a.legs[0] ?? '', b.legs[0] ?? ''];
    const { status, body } = await api.get('/fixtures/odds/parlay', legs.join(','));
    expect(status).toBe(200);
    const views = parlayResponseSchema.parse(body);
    expect(views).toHaveLength(2);
    const entries = views.map((v) => v.parlay.bet365?.[canonicalParlayId(legs)]);
    expect(entries[0]).toEqual(entries[1]);
    expect(entries[0]?.active).toBe(true);
  });
});
