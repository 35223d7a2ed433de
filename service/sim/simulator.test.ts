import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureViewWithOddsSchema } from '../../src/wire/rest-schemas.ts';
import { channelPayloadSchemas } from '../../src/wire/stream-schemas.ts';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import { getCatalogue } from '../catalogue/catalogue.ts';
import { quoteTolerance } from '../pricing/quoting.ts';
import type { ChangeBatch } from './change-feed.ts';
import type { FixtureRuntime } from './fixture-runtime.ts';
import { priceGridOf } from './pricing-adapter.ts';
import { DataDirMismatchError, KnobError } from './simulator.ts';
import type { Simulator } from './simulator.ts';
import { openTestWorld, TEST_SETTINGS } from './test-support.ts';
import type { TestWorld } from './test-support.ts';
import { STATUS_CANCELLED, STATUS_FINISHED, STATUS_LIVE, STATUS_PRE_GAME, isOpen, isOver } from '../../src/wire/status.ts';

/** Every live fixture's runtime. */
function liveRuntimes(sim: Simulator): FixtureRuntime[] {
  return sim.fixtureIds(STATUS_LIVE).flatMap((id) => sim.runtime(id) ?? []);
}

/** The live soccer fixture in play with the least time played (its 1x2 is still open). */
function firstLiveSoccer(sim: Simulator): FixtureRuntime {
  const runtime = liveRuntimes(sim)
    .filter((r) => r.record.planned.sportId === 10 && r.record.match.phase === 'play')
    .sort((a, b) => a.record.match.elapsed - b.record.match.elapsed)[0];
  if (runtime === undefined) throw new Error('no live soccer fixture in play');
  return runtime;
}

function firstQuotedPregame(sim: Simulator): FixtureRuntime {
  // With the 1X2 (market 101) offered: the knob tests force it; earlier tests in the file kick off
  // and move fixtures, so the first pre-game one may be of a sport without it.
  const runtime = sim
    .fixtureIds(STATUS_PRE_GAME)
    .flatMap((id) => sim.runtime(id) ?? [])
    .find((r) => r.quoted && r.lines.size > 3 && r.offered.some((o) => o.market.marketId === 101));
  if (runtime === undefined) throw new Error('no quoted pre-game fixture');
  return runtime;
}

/** A deep copy of everything a client could read: views, odds, bookmaker metadata. */
function snapshot(sim: Simulator): string {
  const ids = sim.fixtureIds();
  return JSON.stringify(ids.map((id) => [sim.fixtureView(id), sim.fixtureOdds(id), sim.fixtureBookmakers(id)]));
}

describe('Simulator on a fresh data directory', () => {
  let world: TestWorld;
  const batches: ChangeBatch[] = [];

  beforeAll(() => {
    world = openTestWorld();
    world.sim.onChange((batch) => batches.push(batch));
  }, 120_000);

  afterAll(() => {
    world.dispose();
  });

  it('has finished, live and upcoming fixtures after seeding', () => {
    const stats = world.sim.stats();
    expect(stats.fixturesByStatus['Finished']).toBeGreaterThan(0);
    expect(stats.live).toBeGreaterThan(2);
    expect(stats.fixturesByStatus['Pre-Game']).toBeGreaterThan(20);
    expect(world.history.countChanges()).toBeGreaterThan(10_000);
  });

  it('builds fixture ids from the provider slug, sport, tournament and provider fixture id', () => {
    for (const id of world.sim.fixtureIds()) {
      const record = world.sim.fixtureRecord(id);
      const plan = record?.planned;
      expect(id).toBe(`id${String(plan?.sportId)}${String(plan?.tournamentId).padStart(6, '0')}${plan?.providerFixtureId ?? ''}`);
    }
  });

  it('serves fixture views, odds and bookmaker metadata the wire schemas accept', () => {
    for (const view of world.sim.fixtureViews()) {
      const result = fixtureViewWithOddsSchema.safeParse({ ...view, odds: world.sim.fixtureOdds(view.fixtureId), bookmakers: world.sim.fixtureBookmakers(view.fixtureId) });
      expect(result.success, `${view.fixtureId}: ${JSON.stringify(result.error?.issues.slice(0, 2) ?? [])}`).toBe(true);
    }
    const tennis = world.sim.fixtureViews({ statusIds: [STATUS_LIVE], sportId: 12 })[0];
    if (tennis !== undefined) {
      expect(tennis.scores['result']).toBeDefined();
      expect(tennis.clock?.remainingTime).toBeNull();
    }
  });

  it('publishes only payloads that the wire schemas accept', () => {
    batches.length = 0;
    world.sim.advance(10_000);
    expect(batches.length).toBeGreaterThan(0);
    const channels = new Set<string>();
    for (const batch of batches) {
      for (const item of batch.items) {
        channels.add(item.channel);
        const result = channelPayloadSchemas[item.channel].safeParse(item.payload);
        expect(result.success, `${item.channel}: ${JSON.stringify(result.error?.issues ?? [])}`).toBe(true);
      }
    }
    for (const channel of ['odds', 'clocks', 'bookmakers']) expect(channels).toContain(channel);
  }, 60_000);

  it('keeps every complete active market of every bookmaker at 1 + its margin within the grid tolerance', () => {
    let checked = 0;
    const misses: string[] = [];
    for (const id of world.sim.fixtureIds()) {
      const runtime = world.sim.runtime(id);
      if (runtime === undefined || isOver(runtime.statusId)) continue;
      for (const line of runtime.lines.values()) {
        for (const index of line.markets) {
          const offered = runtime.offered[index];
          if (offered === undefined) continue;
          const entries = offered.market.outcomes.map((_, k) => line.entries[offered.offset + k]);
          if (!entries.every((e): e is OddsEntry => e?.active === true)) continue;
          const main = !offered.lined || offered.market.period === 'result' || offered.market.period === 'fulltime';
          const margin = main ? line.book.margin : line.book.altMargin;
          const overround = entries.reduce((sum, e) => sum + 1 / e.price, 0) - 1;
          // A price at the book's maximum cannot carry its share of margin: such long-shot
          // markets are the quoting module's stated exception ("when reachable").
          if (entries.some((e) => e.price >= line.book.maxPrice || e.price <= 1.01)) continue;
          // The noise tilts the probabilities, never the margin: the bound is the grid's.
          const tolerance = quoteTolerance(priceGridOf(line.book.rounding));
          checked++;
          if (Math.abs(overround - margin) > tolerance + 1e-9) {
            misses.push(`${line.book.bookmaker} ${String(offered.market.marketId)} ${overround.toFixed(4)} vs ${String(margin)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    expect(misses).toEqual([]);
  });

  it('marks exactly one main line per market family and bookmaker', () => {
    const runtime = firstQuotedPregame(world.sim);
    for (const line of runtime.lines.values()) {
      const mains = new Map<string, Set<number>>();
      for (const index of line.markets) {
        const offered = runtime.offered[index];
        if (offered === undefined || !offered.lined) continue;
        const entry = line.entries[offered.offset];
        if (entry === undefined || !entry.marketActive) continue;
        const set = mains.get(offered.family) ?? new Set<number>();
        if (entry.mainLine) set.add(offered.market.marketId);
        mains.set(offered.family, set);
      }
      for (const [family, set] of mains) expect(set.size, `${line.book.bookmaker} ${family}`).toBe(1);
    }
  });

  it('lets the sharp book move first and the others follow after their lag', () => {
    const runtime = firstQuotedPregame(world.sim);
    const sharp = runtime.lines.get('pinnacle');
    const lagging = [...runtime.lines.values()].find((l) => l.book.lagSec >= 5);
    expect(sharp).toBeDefined();
    expect(lagging).toBeDefined();
    if (sharp === undefined || lagging === undefined) return;
    const before = world.sim.now();
    runtime.reprice(before);
    sharp.nextQuoteAtMs = before;
    lagging.nextQuoteAtMs = before;
    world.sim.advance(500);
    const sharpMoved = Object.values(world.sim.fixtureOdds(runtime.fixtureId)['pinnacle'] ?? {}).some((e) => e.changedAt > before);
    const laggingMovedEarly = Object.values(world.sim.fixtureOdds(runtime.fixtureId)[lagging.book.bookmaker] ?? {}).some((e) => e.changedAt > before && e.changedAt < before + lagging.book.lagSec * 1000);
    expect(sharpMoved).toBe(true);
    expect(laggingMovedEarly).toBe(false);
  });

  it('lags the books in play by match time: a 10 s lag is a second of a match played at speed 10', () => {
    const runtime = firstLiveSoccer(world.sim);
    const lagging = [...runtime.lines.values()].find((l) => l.book.lagSec >= 8 && l.book.offersLive);
    expect(lagging).toBeDefined();
    if (lagging === undefined) return;
    const before = world.sim.now();
    runtime.reprice(before);
    world.sim.advance((lagging.book.lagSec * 1000) / TEST_SETTINGS.simSpeed + 500);
    const moved = Object.values(world.sim.fixtureOdds(runtime.fixtureId)[lagging.book.bookmaker] ?? {}).some((e) => e.changedAt > before);
    expect(moved).toBe(true);
  });

  it('moves every book at once on a basket: only scores that suspend are news the books lag behind', () => {
    const runtime = world.sim
      .fixtureIds(STATUS_PRE_GAME)
      .flatMap((id) => world.sim.runtime(id) ?? [])
      .find((r) => r.quoted && r.record.planned.sportId === 11 && r.lines.size > 3);
    expect(runtime).toBeDefined();
    if (runtime === undefined) return;
    world.sim.kickoff(runtime.fixtureId);
    world.sim.advance(5000);
    const lagging = [...runtime.lines.values()].find((l) => l.book.lagSec >= 8 && l.book.offersLive);
    expect(lagging).toBeDefined();
    if (lagging === undefined) return;
    const before = world.sim.now();
    world.sim.forceGoal(runtime.fixtureId, 1);
    // One tick: less than the book's lag even in match time (≥ 0.8 s at speed 10).
    world.sim.advance(TEST_SETTINGS.tickMs);
    const moved = Object.values(world.sim.fixtureOdds(runtime.fixtureId)[lagging.book.bookmaker] ?? {}).some((e) => e.changedAt >= before);
    expect(moved).toBe(true);
  });

  it('has a lagging book follow a reprice within its lag even when its own requote fell due just before', () => {
    const runtime = firstQuotedPregame(world.sim);
    const lagging = [...runtime.lines.values()].find((l) => l.book.lagSec >= 5);
    expect(lagging).toBeDefined();
    if (lagging === undefined) return;
    world.sim.advance(1000);
    const before = world.sim.now();
    // The book requotes now, from what its lag lets through (not yet the new view)...
    lagging.nextQuoteAtMs = before;
    runtime.reprice(before);
    world.sim.advance(500);
    // ...and still moves once its lag has passed, not only at its next regular requote.
    world.sim.advance(lagging.book.lagSec * 1000 + 1000);
    const moved = Object.values(world.sim.fixtureOdds(runtime.fixtureId)[lagging.book.bookmaker] ?? {}).some((e) => e.changedAt > before);
    expect(moved).toBe(true);
  });

  it('refreshes each healthy bookmaker’s updatedAt within its freshness bound', () => {
    world.sim.advance(20_000);
    const now = world.sim.now();
    let checked = 0;
    for (const runtime of liveRuntimes(world.sim)) {
      for (const line of runtime.lines.values()) {
        if (!line.meta.hasOdds || line.meta.staleOdds || line.book.maxDelayLiveInSec === null) continue;
        checked++;
        expect(now - Date.parse(line.meta.updatedAt)).toBeLessThanOrEqual(line.book.maxDelayLiveInSec * 1000 + 500);
      }
    }
    expect(checked).toBeGreaterThan(0);
  }, 60_000);

  it('moves the score and reprices on a forced goal', () => {
    const runtime = firstLiveSoccer(world.sim);
    const id = runtime.fixtureId;
    const before = world.sim.scoresOf(id)['result'];
    // The side not ahead scores, so the market stays open (a near-certain one is pulled).
    const side = (before?.participant1Score ?? 0) > (before?.participant2Score ?? 0) ? 2 : 1;
    const outcomeId = side === 1 ? 101 : 103;
    const price = Object.values(world.sim.fixtureOdds(id)['pinnacle'] ?? {}).find((e) => e.outcomeId === outcomeId)?.price;
    world.sim.forceGoal(id, side);
    const scoreOf = (row: typeof before): number => (side === 1 ? (row?.participant1Score ?? 0) : (row?.participant2Score ?? 0));
    expect(scoreOf(world.sim.scoresOf(id)['result'])).toBe(scoreOf(before) + 1);
    world.sim.advance(10_000);
    const after = Object.values(world.sim.fixtureOdds(id)['pinnacle'] ?? {}).find((e) => e.outcomeId === outcomeId);
    expect(after?.active).toBe(true);
    expect(after?.price).toBeLessThan(price ?? 0);
  }, 60_000);

  it('suspends markets for a few seconds after a goal', () => {
    const runtime = firstLiveSoccer(world.sim);
    world.sim.forceGoal(runtime.fixtureId, 2);
    const pinnacle = Object.values(world.sim.fixtureOdds(runtime.fixtureId)['pinnacle'] ?? {});
    expect(pinnacle.length).toBeGreaterThan(0);
    expect(pinnacle.every((e) => !e.active && !e.marketActive)).toBe(true);
    world.sim.advance(12_000);
    expect(Object.values(world.sim.fixtureOdds(runtime.fixtureId)['pinnacle'] ?? {}).some((e) => e.active)).toBe(true);
  }, 60_000);

  it('suspends a forced bookmaker and lifts it again', () => {
    const runtime = firstQuotedPregame(world.sim);
    world.sim.suspend({ fixtureId: runtime.fixtureId, bookmaker: 'bet365' }, true);
    world.sim.advance(1_000);
    expect(world.sim.fixtureBookmakers(runtime.fixtureId)['bet365']?.suspended).toBe(true);
    expect(Object.values(world.sim.fixtureOdds(runtime.fixtureId)['bet365'] ?? {}).every((e) => !e.active)).toBe(true);
    world.sim.suspend({ fixtureId: runtime.fixtureId, bookmaker: 'bet365' }, false);
    world.sim.advance(1_000);
    expect(world.sim.fixtureBookmakers(runtime.fixtureId)['bet365']?.suspended).toBe(false);
    expect(Object.values(world.sim.fixtureOdds(runtime.fixtureId)['bet365'] ?? {}).some((e) => e.active)).toBe(true);
  }, 30_000);

  it('suspends one forced market only', () => {
    const runtime = firstQuotedPregame(world.sim);
    const marketId = runtime.offered[0]?.market.marketId ?? 0;
    world.sim.suspend({ fixtureId: runtime.fixtureId, marketId }, true);
    world.sim.advance(1_000);
    const entries = Object.values(world.sim.fixtureOdds(runtime.fixtureId)['pinnacle'] ?? {});
    expect(entries.filter((e) => e.marketId === marketId).every((e) => !e.marketActive)).toBe(true);
    expect(entries.filter((e) => e.marketId !== marketId).some((e) => e.marketActive)).toBe(true);
    world.sim.suspend({ fixtureId: runtime.fixtureId, marketId }, false);
  }, 30_000);

  it('freezes prices and lets updatedAt fall behind for a forced stale bookmaker', () => {
    // A match kicked off now: one already live may end within the 20 s, and full time closes
    // every book's markets, stale or not.
    const pregame = world.sim
      .fixtureIds(STATUS_PRE_GAME)
      .flatMap((id) => world.sim.runtime(id) ?? [])
      .find((r) => r.quoted && r.lines.has('williamhill') && world.sim.fixtureRecord(r.fixtureId)?.planned.sportId === 10);
    if (pregame === undefined) throw new Error('no pre-game soccer fixture quoted by williamhill');
    world.sim.kickoff(pregame.fixtureId);
    world.sim.advance(1_000);
    const runtime = pregame;
    world.sim.forceStale('williamhill', true);
    world.sim.advance(1_000);
    const meta = world.sim.fixtureBookmakers(runtime.fixtureId)['williamhill'];
    expect(meta?.staleOdds).toBe(true);
    const prices = JSON.stringify(world.sim.fixtureOdds(runtime.fixtureId)['williamhill']);
    const updatedAt = meta?.updatedAt;
    world.sim.advance(20_000);
    expect(JSON.stringify(world.sim.fixtureOdds(runtime.fixtureId)['williamhill'])).toBe(prices);
    expect(world.sim.fixtureBookmakers(runtime.fixtureId)['williamhill']?.updatedAt).toBe(updatedAt);
    world.sim.forceStale('williamhill', false);
    world.sim.advance(1_000);
    expect(world.sim.fixtureBookmakers(runtime.fixtureId)['williamhill']?.staleOdds).toBe(false);
  }, 60_000);

  it('creates a cross-book arbitrage on a forced market', () => {
    // A match whose home side is no long shot: the knob boosts the home price to leave 3 % under
    // the others' best, which a book's price cap cannot reach when the others already make ~100 %.
    const homeBest = (fixtureId: string): number =>
      Math.max(0, ...Object.values(world.sim.fixtureOdds(fixtureId)).flatMap((byId) => Object.values(byId).filter((e) => e.outcomeId === 101 && e.active).map((e) => e.price)));
    const runtime = world.sim
      .fixtureIds(STATUS_PRE_GAME)
      .flatMap((id) => world.sim.runtime(id) ?? [])
      .find((r) => r.quoted && r.lines.size > 3 && r.offered.some((o) => o.market.marketId === 101) && homeBest(r.fixtureId) > 1 && homeBest(r.fixtureId) < 4);
    if (runtime === undefined) throw new Error('no quoted pre-game 1X2 with a home price under 4');
    const result = world.sim.forceArbitrage(runtime.fixtureId, 101);
    const odds = world.sim.fixtureOdds(runtime.fixtureId);
    let sum = 0;
    for (const outcomeId of [101, 102, 103]) {
      let best = 0;
      for (const byId of Object.values(odds)) {
        for (const e of Object.values(byId)) if (e.outcomeId === outcomeId && e.active && e.price > best) best = e.price;
      }
      sum += 1 / best;
    }
    expect(result.outcomeId).toBe(101);
    expect(sum).toBeLessThan(1);
    world.sim.clearArbitrage(runtime.fixtureId);
  });

  it("makes the forced arbitrage's book the best price of its outcome, even past a book moved long", () => {
    const homePrices = (fixtureId: string): Map<string, number> =>
      new Map(
        Object.entries(world.sim.fixtureOdds(fixtureId)).flatMap(([bookmaker, byId]) =>
          Object.values(byId)
            .filter((e) => e.marketId === 101 && e.outcomeId === 101 && e.active)
            .map((e) => [bookmaker, e.price] as const),
        ),
      );
    const runtime = world.sim
      .fixtureIds(STATUS_PRE_GAME)
      .flatMap((id) => world.sim.runtime(id) ?? [])
      .find((r) => r.quoted && homePrices(r.fixtureId).size >= 3 && [...homePrices(r.fixtureId).values()].every((p) => p > 1.4 && p < 4));
    if (runtime === undefined) throw new Error('no quoted pre-game 1X2 with 3 books and a home price between 1.4 and 4');
    const [long, boosted] = [...homePrices(runtime.fixtureId).keys()];
    if (long === undefined || boosted === undefined) throw new Error('unreachable: 3 books');
    // 10 points longer at one book: e.g. 2.00 (50 %) → 2.50 (40 %), above the 3 % arbitrage's price.
    world.sim.moveMarket(runtime.fixtureId, { marketId: 101, bookmakers: [long], byPoints: -10 });
    const longPrice = homePrices(runtime.fixtureId).get(long) ?? 0;
    world.sim.forceArbitrage(runtime.fixtureId, 101, boosted);
    const after = homePrices(runtime.fixtureId);
    expect(after.get(boosted)).toBeGreaterThanOrEqual(longPrice * 1.02 - 0.01);
    for (const [bookmaker, price] of after) if (bookmaker !== boosted) expect(price).toBeLessThan(after.get(boosted) ?? 0);
    world.sim.clearArbitrage(runtime.fixtureId);
  });

  it("holds a fixture at the update-rate knob's pace: news reaches no book before the next requote", () => {
    const runtime = firstQuotedPregame(world.sim);
    world.sim.setUpdateRate(runtime.fixtureId, 3600);
    const held = JSON.stringify(world.sim.fixtureOdds(runtime.fixtureId));
    // News: a new fair snapshot, which every book would take within its lag (≤ 20 s) and requote.
    runtime.reprice(world.sim.now());
    world.sim.advance(60_000);
    expect(JSON.stringify(world.sim.fixtureOdds(runtime.fixtureId))).toBe(held);
    // The books' own pace back: they requote at once and take it.
    world.sim.setUpdateRate(runtime.fixtureId, null);
    world.sim.advance(30_000);
    expect(JSON.stringify(world.sim.fixtureOdds(runtime.fixtureId))).not.toBe(held);
  }, 60_000);

  it('requotes a fixture at the forced update rate', () => {
    const runtime = firstQuotedPregame(world.sim);
    world.sim.setUpdateRate(runtime.fixtureId, 1);
    runtime.reprice(world.sim.now());
    const before = world.sim.now();
    world.sim.advance(12_000);
    const changed = Object.values(world.sim.fixtureOdds(runtime.fixtureId)['bet365'] ?? {}).filter((e) => e.changedAt > before).length;
    expect(changed).toBeGreaterThan(0);
    world.sim.setUpdateRate(runtime.fixtureId, null);
  }, 30_000);

  it('voids every offered selection of a cancelled fixture and issues its replacement', () => {
    const runtime = firstQuotedPregame(world.sim);
    const id = runtime.fixtureId;
    const offered = runtime.offered.reduce((n, o) => n + o.market.outcomes.length, 0);
    const result = world.sim.cancel(id, true);
    world.sim.advance(1_000);
    const settlements = world.history.readSettlement(id);
    expect(world.sim.fixtureView(id)?.status.statusId).toBe(3);
    expect(settlements.length).toBeGreaterThan(0);
    expect(settlements.length).toBeLessThanOrEqual(offered);
    expect(settlements.every((s) => s.grade === 'void')).toBe(true);
    expect(result.reissuedFixtureId).not.toBeNull();
    expect(world.sim.fixtureRecord(result.reissuedFixtureId ?? '')?.planned.reissueOf).toBe(id);
    expect(Object.values(world.sim.fixtureOdds(id)).every((byId) => Object.values(byId).every((e) => !e.active))).toBe(true);
  }, 30_000);

  it('finishes a live fixture and grades every selection it offered', () => {
    const runtime = firstLiveSoccer(world.sim);
    const id = runtime.fixtureId;
    for (let i = 0; i < 60 && world.sim.fixtureRecord(id)?.statusId === STATUS_LIVE; i++) world.sim.advance(30_000);
    expect(world.sim.fixtureRecord(id)?.statusId).toBe(2);
    const quoted = new Set<string>();
    for (const line of runtime.lines.values()) {
      for (const e of line.entries) if (e !== undefined) quoted.add(`${String(e.outcomeId)}:${String(e.playerId)}`);
    }
    const settled = world.history.readSettlement(id);
    expect(new Set(settled.map((s) => `${String(s.outcomeId)}:${String(s.playerId)}`))).toEqual(quoted);
    const grades = new Set(settled.map((s) => s.grade));
    expect(grades).toContain('won');
    expect(grades).toContain('lost');
    expect(settled.filter((s) => s.grade === 'void').length).toBeLessThan(settled.length / 10);
    expect(world.sim.fixtureView(id)?.trueEndTime).not.toBeNull();
  }, 300_000);

  it('kicks a pre-game fixture off now with the kickoff knob, and finish plays it out and settles it', () => {
    const runtime = firstQuotedPregame(world.sim);
    const id = runtime.fixtureId;
    const now = world.sim.now();
    expect(runtime.record.planned.startTime * 1000).toBeGreaterThan(now);
    const started = world.sim.kickoff(id);
    expect(world.sim.fixtureView(id)?.status.statusId).toBe(1);
    expect(started.trueStartTime).toBe(new Date(now).toISOString());
    expect(world.sim.fixtureIds(STATUS_LIVE)).toContain(id);
    world.sim.advance(2_000);
    expect(world.sim.fixtureView(id)?.clock?.currentTime ?? 0).toBeGreaterThan(0);

    const finished = world.sim.finish(id);
    const view = world.sim.fixtureView(id);
    expect(view?.status.statusId).toBe(2);
    expect(view?.trueEndTime).not.toBeNull();
    // The engine drew the score: the result row is there, whatever it is.
    expect(finished.scores['result']).toEqual(view?.scores['result']);
    world.sim.advance(1_000);
    const settled = world.history.readSettlement(id);
    expect(settled.length).toBeGreaterThan(0);
    expect(new Set(settled.map((s) => s.grade))).toContain('won');
    expect(Object.values(world.sim.fixtureOdds(id)).every((byId) => Object.values(byId).every((e) => !e.active))).toBe(true);
  }, 120_000);

  /** The odds entries of `fixtureId` in the batches since `from`, per oddsId in order. */
  function published(fixtureId: string, from: number): Map<string, OddsEntry[]> {
    const byId = new Map<string, OddsEntry[]>();
    for (const batch of batches.slice(from)) {
      for (const item of batch.items) {
        if (item.channel !== 'odds' || item.payload.fixtureId !== fixtureId) continue;
        for (const byOddsId of Object.values(item.payload.odds)) {
          for (const [oddsId, e] of Object.entries(byOddsId)) {
            let list = byId.get(oddsId);
            if (list === undefined) byId.set(oddsId, (list = []));
            list.push(e);
          }
        }
      }
    }
    return byId;
  }

  const count = (published: Map<string, OddsEntry[]>): number => [...published.values()].reduce((n, l) => n + l.length, 0);

  it('publishes and records every requote at the asked rate, each with a new price', () => {
    const sim = world.sim;
    // The quoted pre-game fixture with the most lines: earlier tests kick off and finish others.
    const runtime = sim
      .fixtureIds(STATUS_PRE_GAME)
      .flatMap((id) => sim.runtime(id) ?? [])
      .filter((r) => r.quoted && r.lines.size > 3)
      .sort((a, b) => b.lines.size - a.lines.size)[0];
    if (runtime === undefined) throw new Error('no quoted pre-game fixture');
    const fixtureId = runtime.fixtureId;

    // The fixture's own pace, for comparison: one second without the firehose.
    let from = batches.length;
    sim.advance(1_000);
    const natural = count(published(fixtureId, from));

    const before = Object.fromEntries(Object.values(sim.fixtureOdds(fixtureId)).flatMap((b) => Object.entries(b).map(([id, e]) => [id, e.price])));
    const recorded = world.history.countChanges();
    const started = sim.setFirehose(fixtureId, 2_000);
    // At 2,000/s and 2 ticks a second, 1,000 requotes a tick: fewer than the fixture's prices.
    expect(started.entries).toBeGreaterThan(1_000);
    expect(started.maxUpdatesPerSec).toBe((started.entries * 1000) / 500);
    from = batches.length;
    sim.advance(1_000);
    const state = sim.firehoseState();
    expect(state?.changes).toBe(2_000);
    const changes = published(fixtureId, from);
    // The firehose's 2,000 on top of the fixture's own pace (a few dozen a second).
    expect(count(changes)).toBeGreaterThanOrEqual(2_000 + natural);
    // Every published state of an oddsId differs in price from the one before it.
    let unchanged = 0;
    for (const [oddsId, list] of changes) {
      let previous = before[oddsId];
      for (const e of list) {
        if (e.price === previous) unchanged++;
        previous = e.price;
      }
    }
    expect(unchanged).toBe(0);
    // History holds them: what a client reads from REST after a frame.
    expect(world.history.countChanges() - recorded).toBeGreaterThanOrEqual(2_000);

    expect(sim.stopFirehose()).toEqual({ stopped: fixtureId });
    expect(sim.firehoseState()).toBeNull();
  }, 60_000);

  it('refuses a rate out of range and an unknown fixture', () => {
    const fixtureId = world.sim.fixtureIds(STATUS_PRE_GAME)[0] ?? '';
    expect(() => world.sim.setFirehose(fixtureId, -5)).toThrow(KnobError);
    expect(() => world.sim.setFirehose(fixtureId, 1e9)).toThrow(/updatesPerSec/);
    expect(() => world.sim.setFirehose('id999', 100)).toThrow(/unknown fixtureId/);
  });

  it('stops every change while frozen and resumes afterwards', () => {
    world.sim.freeze();
    const state = snapshot(world.sim);
    const changes = world.history.countChanges();
    batches.length = 0;
    world.sim.advance(10_000);
    expect(batches).toEqual([]);
    expect(world.history.countChanges()).toBe(changes);
    expect(snapshot(world.sim)).toBe(state);
    world.sim.resume();
    world.sim.advance(5_000);
    expect(batches.length).toBeGreaterThan(0);
    expect(world.history.countChanges()).toBeGreaterThan(changes);
  }, 60_000);
});

describe('Simulator world', () => {
  it('seeds a chain of two reissues: A cancelled → B, B cancelled → C', () => {
    const world = openTestWorld({ seedPastDays: 1 });
    try {
      const chains = world.sim.fixtureIds(STATUS_CANCELLED).flatMap((a) => {
        const b = world.sim.fixtureRecord(a)?.reissuedFixtureId ?? null;
        const c = b === null ? null : (world.sim.fixtureRecord(b)?.reissuedFixtureId ?? null);
        return c === null ? [] : [[a, b, c]];
      });
      expect(chains.length).toBeGreaterThan(0);
      const permanent = world.sim.fixtureIds(STATUS_CANCELLED).filter((id) => world.sim.fixtureRecord(id)?.reissuedFixtureId === null);
      expect(permanent.length).toBeGreaterThan(0);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('builds the same world from the same seed and start', () => {
    const a = openTestWorld();
    const b = openTestWorld();
    try {
      expect(b.sim.fixtureIds().sort()).toEqual(a.sim.fixtureIds().sort());
      a.sim.advance(5_000);
      b.sim.advance(5_000);
      for (const id of a.sim.fixtureIds(STATUS_LIVE)) {
        expect(JSON.stringify(b.sim.fixtureOdds(id))).toBe(JSON.stringify(a.sim.fixtureOdds(id)));
        expect(b.sim.scoresOf(id)).toEqual(a.sim.scoresOf(id));
      }
      expect(b.history.countChanges()).toBe(a.history.countChanges());
    } finally {
      a.dispose();
      b.dispose();
    }
  }, 120_000);

  it('keeps history, fixture ids, states and catalogue ids across a restart', () => {
    const world = openTestWorld();
    try {
      world.sim.advance(5_000);
      world.stop();
      const ids = new Set(world.sim.fixtureIds());
      const statusesOf = (): string[] => world.sim.fixtureIds().map((id) => `${id}:${String(world.sim.fixtureRecord(id)?.statusId)}`).sort();
      const statuses = statusesOf();
      world.reopen();
      expect(world.history.getMeta('catalogueFingerprint')).toBe(getCatalogue().fingerprint);
      const changes = world.history.countChanges();
      expect(changes).toBeGreaterThan(0);
      expect(new Set(world.sim.fixtureIds())).toEqual(ids);
      expect(statusesOf()).toEqual(statuses);
      // Live fixtures continue from their stored state with their books quoting again.
      const live = world.sim.fixtureIds(STATUS_LIVE);
      expect(live.length).toBeGreaterThan(0);
      for (const id of live) expect(Object.keys(world.sim.fixtureOdds(id)).length).toBeGreaterThan(0);
      world.sim.advance(5_000);
      expect(world.history.countChanges()).toBeGreaterThan(changes);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('stores a live fixture\'s record at every goal and status change, and a new fixture at once, so a restart never reloads a match without what it had sent', () => {
    const world = openTestWorld();
    try {
      // Tick by tick for 50 simulated seconds: after each tick, every fixture's stored record has
      // the scores and status the simulator has (the periodic save of the rest is every 5 s).
      const stored = (): Map<string, { statusId: number; scoreUpdatedAt: Record<string, number> }> =>
        new Map(world.history.loadFixtures().map((r) => [r.id, JSON.parse(r.json) as { statusId: number; scoreUpdatedAt: Record<string, number> }]));
      let goals = 0;
      const reissued: string[] = [];
      for (let step = 0; step < 250; step++) {
        // Now and then a fixture cancelled and reissued: its replacement is a new fixture.
        if (step % 50 === 10) {
          const pregame = world.sim.fixtureIds(STATUS_PRE_GAME)[0];
          if (pregame === undefined) throw new Error('no pre-game fixture to reissue');
          const { reissuedFixtureId } = world.sim.cancel(pregame, true);
          if (reissuedFixtureId !== null) reissued.push(reissuedFixtureId);
        }
        world.sim.advance(200);
        const saved = stored();
        for (const id of world.sim.fixtureIds()) expect(saved.has(id), `${id} is stored once it exists`).toBe(true);
        for (const id of world.sim.fixtureIds(STATUS_LIVE)) {
          const record = world.sim.fixtureRecord(id);
          expect({ id, statusId: saved.get(id)?.statusId, scores: saved.get(id)?.scoreUpdatedAt }).toEqual({ id, statusId: record?.statusId, scores: record?.scoreUpdatedAt });
        }
        goals = world.sim.stats().goals;
      }
      // Not vacuous: scores changed in those 50 s, and new fixtures came.
      expect(goals).toBeGreaterThan(0);
      expect(reissued).toHaveLength(5);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('refuses to open a data directory seeded with another seed', () => {
    const world = openTestWorld();
    world.stop();
    try {
      expect(() => openTestWorld({ seed: 7 }, world.dir)).toThrow(/seeded with seed 20261122, not 7/);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('drops the oldest finished fixtures once the database exceeds the retention cap', () => {
    const world = openTestWorld({ seedPastDays: 1 });
    try {
      const finished = world.sim.fixtureIds(STATUS_FINISHED).length;
      const live = world.sim.fixtureIds(STATUS_LIVE).length;
      const before = world.history.sizeBytes();
      // The cap applies at the next retention check, once a minute.
      world.sim.setRetention(Math.floor(before / 2));
      world.sim.advance(61_000);
      expect(world.sim.fixtureIds(STATUS_FINISHED).length).toBeLessThan(finished);
      expect(world.sim.fixtureIds(STATUS_LIVE).length).toBeGreaterThanOrEqual(live - 2);
      const stored = new Set(world.history.loadFixtures().map((r) => r.id));
      for (const id of world.sim.fixtureIds()) expect(stored.has(id)).toBe(true);
    } finally {
      world.dispose();
    }
  }, 180_000);

  it("moves an open future's prices on the knob, at every bookmaker, and refuses an unknown one", () => {
    const world = openTestWorld();
    try {
      const future = world.sim.futures.views().find((f) => isOpen(f.status.statusId));
      if (future === undefined) throw new Error('no open future in the seeded world');
      const snapshot = () => JSON.stringify(world.sim.futures.futureOdds(future.futureId));
      const before = snapshot();
      world.sim.moveFuture(future.futureId);
      expect(snapshot()).not.toBe(before);
      expect(() => { world.sim.moveFuture('id999'); }).toThrow(KnobError);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('refuses knobs on what does not exist or cannot take them', () => {
    const world = openTestWorld();
    try {
      const sim = world.sim;
      const pregame = sim.fixtureIds(STATUS_PRE_GAME)[0] ?? '';
      const finished = sim.fixtureIds(STATUS_FINISHED)[0] ?? '';
      expect(() => { sim.forceGoal('id10000001999', 1); }).toThrow(KnobError);
      expect(() => { sim.forceGoal(pregame, 1); }).toThrow(/not live/);
      expect(() => sim.cancel(finished, false)).toThrow(/already over/);
      expect(() => sim.kickoff(finished)).toThrow(/not pre-game/);
      expect(() => sim.finish(pregame)).toThrow(/not live/);
      expect(() => sim.kickoff('id10000001999')).toThrow(/unknown fixtureId/);
      expect(() => { sim.forceStale('nobook', true); }).toThrow(/unknown bookmaker/);
      expect(() => { sim.setUpdateRate(pregame, 0); }).toThrow(/seconds/);
      expect(() => sim.forceArbitrage(pregame, 1)).toThrow(/not offered/);
      expect(() => { sim.suspend({ fixtureId: pregame, bookmaker: 'nobook' }, true); }).toThrow(/does not quote/);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('ticks on its own timer between start and stop', async () => {
    const world = openTestWorld({ tickMs: 20 });
    try {
      world.sim.start();
      const ticks = world.sim.stats().ticks;
      await new Promise((resolve) => setTimeout(resolve, 200));
      world.sim.stop();
      expect(world.sim.stats().ticks).toBeGreaterThan(ticks);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('refuses to open a data directory whose stored catalogue differs', () => {
    const world = openTestWorld();
    world.history.setMeta('catalogueFingerprint', 'something-else');
    world.stop();
    try {
      expect(() => {
        world.reopen();
      }).toThrow(DataDirMismatchError);
    } finally {
      world.dispose();
    }
  }, 120_000);
});

/** Resolves once `condition` holds, checking on every turn of the event loop. */
/** What a client holds after applying `batches` in order: the latest payload per key of each channel. */
function foldBatches(batches: readonly ChangeBatch[]): Map<string, unknown> {
  const state = new Map<string, unknown>();
  for (const batch of batches) {
    for (const item of batch.items) {
      switch (item.channel) {
        case 'odds':
          for (const entries of Object.values(item.payload.odds)) for (const [oddsId, entry] of Object.entries(entries)) state.set(`odds|${oddsId}`, entry);
          break;
        case 'oddsFutures':
          for (const entries of Object.values(item.payload.odds)) for (const [oddsId, entry] of Object.entries(entries)) state.set(`oddsFutures|${oddsId}`, entry);
          break;
        case 'bookmakers':
          for (const [bookmaker, meta] of Object.entries(item.payload.bookmakers)) state.set(`bookmakers|${item.payload.fixtureId}|${bookmaker}`, meta);
          break;
        case 'scores':
          for (const [period, row] of Object.entries(item.payload.scores)) state.set(`scores|${item.payload.fixtureId}|${period}`, row);
          break;
        default:
          state.set(`${item.channel}|${item.payload.fixtureId}`, item.payload);
      }
    }
  }
  return state;
}

function turnsUntil(condition: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (condition()) resolve();
      else setImmediate(check);
    };
    check();
  });
}

/** What a client reads of each (fixture, bookmaker), with the versions the REST cache keys on. */
function readVersions(sim: Simulator): Map<string, { odds: string; meta: string; oddsVersion: number; metaVersion: number }> {
  const out = new Map<string, { odds: string; meta: string; oddsVersion: number; metaVersion: number }>();
  for (const id of sim.fixtureIds()) {
    const odds = sim.fixtureOdds(id);
    const metas = sim.fixtureBookmakers(id);
    for (const { bookmaker } of sim.books) {
      out.set(`${id}|${bookmaker}`, {
        odds: JSON.stringify(odds[bookmaker] ?? null),
        meta: JSON.stringify(metas[bookmaker] ?? null),
        oddsVersion: sim.oddsVersion(id, bookmaker),
        metaVersion: sim.metaVersion(id, bookmaker),
      });
    }
  }
  return out;
}

/** Every (fixture, bookmaker) whose odds or meta read differently has a moved version; returns how many changed. */
function expectVersionsFollow(before: ReturnType<typeof readVersions>, after: ReturnType<typeof readVersions>): number {
  let changed = 0;
  for (const [key, now] of after) {
    const then = before.get(key);
    if (then === undefined) continue;
    if (now.odds !== then.odds) {
      changed++;
      expect(now.oddsVersion, `odds of ${key}`).not.toBe(then.oddsVersion);
    }
    if (now.meta !== then.meta) expect(now.metaVersion, `meta of ${key}`).not.toBe(then.metaVersion);
  }
  return changed;
}

describe('Simulator ticks on a timer, in slices', () => {
  it('gives the event loop turns inside a timer-driven tick, publishes each slice, and ends as a synchronous tick would', async () => {
    const sync = openTestWorld({ tickMs: 50 });
    const sliced = openTestWorld({ tickMs: 50, tickSliceMs: 0 });
    try {
      const syncBatches: ChangeBatch[] = [];
      sync.sim.onChange((batch) => syncBatches.push(batch));
      sync.clock.advance(500);
      sync.sim.tick();
      const batches: ChangeBatch[] = [];
      let seenInside = 0;
      sliced.sim.onChange((b) => {
        batches.push(b);
        if (sliced.sim.tickInProgress) seenInside++;
      });
      sliced.sim.start();
      sliced.clock.advance(500);
      let turnsInside = 0;
      let started = false;
      await turnsUntil(() => {
        if (sliced.sim.tickInProgress) {
          started = true;
          turnsInside++;
        }
        return started && !sliced.sim.tickInProgress;
      });
      sliced.sim.stop();
      expect(turnsInside).toBeGreaterThan(10);
      // Prices left while the tick was still stepping fixtures, stamped with the tick's time...
      expect(seenInside).toBeGreaterThan(0);
      expect(new Set(batches.map((b) => b.ts))).toEqual(new Set(syncBatches.map((b) => b.ts)));
      // ...and a client applying every batch ends where the synchronous tick's one batch leaves it.
      expect(foldBatches(batches)).toEqual(foldBatches(syncBatches));
      expect(snapshot(sliced.sim)).toBe(snapshot(sync.sim));
    } finally {
      sync.dispose();
      sliced.dispose();
    }
  }, 120_000);

  it('finishes a tick in progress when stopped, and sends its batch', async () => {
    const world = openTestWorld({ tickMs: 20, tickSliceMs: 0 });
    try {
      const batches: ChangeBatch[] = [];
      world.sim.onChange((batch) => batches.push(batch));
      world.sim.start();
      world.clock.advance(500);
      await turnsUntil(() => world.sim.tickInProgress);
      world.sim.stop();
      expect(world.sim.tickInProgress).toBe(false);
      expect(batches).toHaveLength(1);
    } finally {
      world.dispose();
    }
  }, 120_000);
});

describe('Simulator versions of odds and meta', () => {
  it('moves a bookmaker’s odds or meta version whenever what a client reads of them changed', () => {
    const world = openTestWorld();
    try {
      const before = readVersions(world.sim);
      world.sim.advance(5_000);
      expect(expectVersionsFollow(before, readVersions(world.sim))).toBeGreaterThan(0);
    } finally {
      world.dispose();
    }
  }, 120_000);

  it('moves the versions of a finished fixture when its books are released', () => {
    // Long ticks: retirement is checked every 20th tick, and released 30 min after the finish.
    const world = openTestWorld({ tickMs: 100_000 });
    try {
      const finishedWithOdds = world.sim.fixtureIds(STATUS_FINISHED).filter((id) => Object.keys(world.sim.fixtureOdds(id)).length > 0);
      expect(finishedWithOdds.length).toBeGreaterThan(0);
      const before = readVersions(world.sim);
      world.sim.advance(20 * 100_000);
      expect(finishedWithOdds.filter((id) => Object.keys(world.sim.fixtureOdds(id)).length === 0).length).toBeGreaterThan(0);
      expectVersionsFollow(before, readVersions(world.sim));
    } finally {
      world.dispose();
    }
  }, 180_000);
});
