// Lines move on information (issue 19): over many fixtures played through their pre-match life
// in simulated time, the sharp book's line moves from its opening by points, every book moves
// before kick-off, the match is played from a kick-off strength other than the opening one, and
// the sharp close tracks that strength far better than the opening did.
import { describe, expect, it } from 'vitest';
import { BOOKMAKERS } from '../catalogue/bookmakers.ts';
import { getCatalogue } from '../catalogue/catalogue.ts';
import { createRng } from '../pricing/rng.ts';
import { FixtureRuntime, newRecord, SHARP_BOOK } from './fixture-runtime.ts';
import type { ChangeSink, StepContext } from './fixture-runtime.ts';
import { drawInformation, driftAt, kickOffDrift } from './information.ts';
import { newMatchState } from './match-engine.ts';
import { PricingModels, PricingQuotes } from './pricing-adapter.ts';
import { SchedulePlanner } from './schedule.ts';
import { TEST_SEED, TEST_START_MS, testReference } from './test-support.ts';

const SOCCER = 10;
/** 1X2 on the match: the market whose home price the test follows. */
const MATCH_RESULT = 101;
const FIXTURES = 40;
/** A rotation fixture is announced (and opens) 45 minutes before kick-off. */
const NOTICE_MS = 45 * 60_000;
const STEP_MS = 5_000;

const sink: ChangeSink = {
  oddsChanged: () => undefined,
  metaChanged: () => undefined,
  scoreChanged: () => undefined,
  clockChanged: () => undefined,
  statusChanged: () => undefined,
  statsChanged: () => undefined,
  goal: () => undefined,
};

function context(nowMs: number): StepContext {
  return { nowMs, simSpeed: 10, quoteRate: 1, sink, bookStale: () => false, coarse: false };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

describe('pre-match information', () => {
  it('moves the sharp line by points, moves every book, and the match is played from the kick-off strength the close tracks', () => {
    const reference = testReference();
    const models = new PricingModels(reference);
    const quoting = new PricingQuotes();
    const market = getCatalogue().bySport.get(SOCCER)?.find((m) => m.marketId === MATCH_RESULT);
    expect(market).toBeDefined();
    if (market === undefined) return;
    const planner = new SchedulePlanner(reference, TEST_SEED, 90);
    const moves: number[] = [];
    const openErrors: number[] = [];
    const closeErrors: number[] = [];
    const unmoved: string[] = [];
    let strengthChanged = 0;
    let fixtures = 0;
    for (let slot = planner.rotationSlotAtOrAfter(TEST_START_MS / 1000); fixtures < FIXTURES; slot++) {
      const plan = planner.rotation(slot);
      if (plan === null || plan.sportId !== SOCCER) continue;
      fixtures++;
      const runtime = new FixtureRuntime(newRecord(plan, []), [market], models, quoting, createRng(`info-test/${plan.fixtureId}`));
      const kickOffMs = plan.startTime * 1000;
      const homeOf = (slug: string): number | undefined => runtime.lines.get(slug)?.entries[0]?.price;
      let t = kickOffMs - NOTICE_MS;
      runtime.step(context(t), 0, BOOKMAKERS);
      const opening = runtime.record.drift;
      const openPrice = homeOf(SHARP_BOOK) ?? Number.NaN;
      const firstPrices = new Map([...runtime.lines.keys()].map((slug) => [slug, homeOf(slug)]));
      const moved = new Set<string>();
      for (t += STEP_MS; t < kickOffMs; t += STEP_MS) {
        runtime.step(context(t), 0, BOOKMAKERS);
        for (const [slug, first] of firstPrices) if (homeOf(slug) !== first) moved.add(slug);
      }
      const closePrice = homeOf(SHARP_BOOK) ?? Number.NaN;
      for (const slug of firstPrices.keys()) if (!moved.has(slug)) unmoved.push(`${slug} on ${plan.fixtureId}`);
      runtime.start(context(kickOffMs));
      if (runtime.record.drift !== opening) strengthChanged++;
      // The home win's chance at the strength the match is played from, by the same model.
      const fair = models.model(runtime.params, newMatchState(), []).fairProbabilities(market, 0)?.[0] ?? Number.NaN;
      moves.push(Math.abs(1 / closePrice - 1 / openPrice));
      // The sharp book's margin (2.5 %) sits on both prices alike: compare them as they are.
      openErrors.push(Math.abs(1 / openPrice / 1.025 - fair));
      closeErrors.push(Math.abs(1 / closePrice / 1.025 - fair));
    }
    expect(median(moves)).toBeGreaterThanOrEqual(0.015);
    expect(unmoved).toEqual([]);
    expect(strengthChanged).toBe(FIXTURES);
    const mean = (values: readonly number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
    expect(mean(closeErrors)).toBeLessThan(mean(openErrors) / 3);
    // ~2 s alone; the bound is for a loaded 2-core machine.
  }, 30_000);

  it('draws the same path from the same stream, and ends it at the kick-off strength', () => {
    const draw = () => drawInformation(createRng('same'), SOCCER, TEST_START_MS, TEST_START_MS + 36 * 3_600_000);
    const path = draw();
    expect(draw()).toEqual(path);
    expect(driftAt(path, TEST_START_MS)).toBe(path.openingDrift);
    expect(driftAt(path, path.kickOffMs)).toBe(kickOffDrift(path));
    expect(path.lineupsAtMs).toBe(path.kickOffMs - 3_600_000);
    expect(path.events.every((e) => e.atMs > path.openMs - 1 && e.atMs <= path.kickOffMs - 60_000)).toBe(true);
  });
});
