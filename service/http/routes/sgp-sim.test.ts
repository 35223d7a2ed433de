// The parlay and SGP endpoints on the real simulator's generated data, through the same
// ParlayDataPort over the simulator that the composition root uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalParlayId } from '../../../src/domain/ids.ts';
import { devig } from '../../../src/domain/devig.ts';
import { roundParlayPrice } from '../../../src/domain/parlay.ts';
import { parlayResponseSchema, sgpResponseSchema } from '../../../src/wire/rest-schemas.ts';
import type { OddsEntry } from '../../../src/wire/shared-schemas.ts';
import { getCatalogue } from '../../catalogue/catalogue.ts';
import { PricingModels } from '../../sim/pricing-adapter.ts';
import { indexReferenceData } from '../../catalogue/reference-data.ts';
import { simulatorParlayPort } from '../../sgp/sim-port.ts';
import { openTestWorld, testReference } from '../../sim/test-support.ts';
import type { TestWorld as SimWorld } from '../../sim/test-support.ts';
import { defaultSgpKnobs } from '../../sgp/port.ts';
import type { ParlayDataPort } from '../../sgp/port.ts';
import { startTestApp } from '../../testing/test-world.ts';
import type { TestApp } from '../../testing/test-world.ts';
import { parlayHandler } from './parlay.ts';
import { sgpHandler } from './sgp.ts';
import { STATUS_PRE_GAME } from '../../../src/wire/status.ts';

const catalogue = getCatalogue();

let world: SimWorld;
let port: ParlayDataPort;
let api: TestApp;

beforeAll(async () => {
  world = openTestWorld();
  port = simulatorParlayPort(world.sim, new PricingModels(testReference()), catalogue, indexReferenceData(testReference()));
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
  for (const fixtureId of world.sim.fixtureIds(STATUS_PRE_GAME)) {
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

  it('quotes the book fair joint (its no-vig legs, the model dependence) with the book SGP margin, between the Fréchet bounds', async () => {
    const [first] = soccerLegs('bet365');
    if (first === undefined) throw new Error('no fixture');
    const { body } = await api.get('/fixtures/odds/sgp', first.legs.join(','));
    const parsed = sgpResponseSchema.parse(body);
    const entry = parsed.sgp.bet365?.[canonicalParlayId(first.legs)];
    if (entry?.active !== true) throw new Error('not active');
    const p = entry.meta?.fairJointProbability ?? NaN;
    const margin = port.bookmakerProfile('bet365')?.sgp?.margin ?? NaN;
    expect(entry.price).toBe(roundParlayPrice(1 / (p * (1 + margin))));
    // Each leg's no-vig probability: its market at bet365, de-vigged by bet365's own method.
    const method = port.bookmakerProfile('bet365')?.marginMethod ?? 'multiplicative';
    const legs = [RESULT, OVER25].map((market) => {
      const prices = (market?.outcomes ?? []).map((o) => parsed.odds.bet365?.[`${first.fixtureId}:bet365:${String(o.outcomeId)}:0`]?.price ?? world.sim.fixtureOdds(first.fixtureId).bet365?.[`${first.fixtureId}:bet365:${String(o.outcomeId)}:0`]?.price ?? NaN);
      return devig(prices, method)[0] ?? NaN;
    });
    expect(p).toBeLessThanOrEqual(Math.min(...legs) + 1e-12);
    expect(p).toBeGreaterThanOrEqual(Math.max(0, (legs[0] ?? NaN) + (legs[1] ?? NaN) - 1) - 1e-12);
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
