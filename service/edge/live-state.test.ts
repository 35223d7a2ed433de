// The edge's live state against the simulator it was folded from: after ticks, goals, suspensions,
// stale books, kick-offs, finishes and a cancellation with a reissue, every fixture and future the
// simulator holds reads the same at the edge (views, odds, metas, team news, scopes, SGP pricing
// inputs), and nothing else is held. A restart's snapshot is turned into a batch that takes a
// client holding the old state to the new one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureScopeOf, type FeedSnapshot, type FixtureState } from '../producer/feed.ts';
import { pricingInputsOf } from '../sgp/pricing-inputs.ts';
import { PricingModels } from '../sim/pricing-adapter.ts';
import { buildReferenceData } from '../catalogue/reference-data.ts';
import type { ChangeBatch } from '../sim/change-feed.ts';
import { startTestService, type TestService } from '../testing/test-service.ts';
import { LiveState } from './live-state.ts';

let t: TestService;

beforeAll(async () => {
  t = await startTestService({ warmUpSeconds: 30 });
}, 120_000);

afterAll(async () => {
  await t.dispose();
});

/** Every difference between the edge's state and the simulator's reads, as readable lines. */
function differences(): string[] {
  const { simulator: sim, live } = t.service;
  const models = new PricingModels(buildReferenceData(t.service.config.seed));
  const out: string[] = [];
  const simIds = new Set(sim.fixtureIds());
  const edgeIds = new Set(live.fixtureIds());
  for (const id of simIds) if (!edgeIds.has(id)) out.push(`${id}: held by the simulator, not the edge`);
  for (const id of edgeIds) if (!simIds.has(id)) out.push(`${id}: held by the edge, not the simulator`);
  for (const id of simIds) {
    const check = (what: string, edge: unknown, simulator: unknown): void => {
      if (JSON.stringify(edge) !== JSON.stringify(simulator)) out.push(`${id}: ${what} differs`);
    };
    check('view', live.view(id), sim.fixtureView(id));
    check('odds', live.odds(id), sim.fixtureOdds(id));
    check('bookmakers', live.bookmakers(id), sim.fixtureBookmakers(id));
    check('injuries', live.injuries(id), sim.injuriesOf(id));
    check('lineups', live.lineups(id), sim.lineupsOf(id));
    const record = sim.fixtureRecord(id);
    check('scope', live.scope(id), record === undefined ? undefined : fixtureScopeOf(record));
    const runtime = sim.runtime(id);
    check('pricing inputs', live.pricingInputs(id), runtime === undefined ? null : pricingInputsOf(models, runtime));
  }
  for (const view of sim.futures.views()) {
    if (JSON.stringify(live.futures.view(view.futureId)) !== JSON.stringify(view)) out.push(`${view.futureId}: future view differs`);
    if (JSON.stringify(live.futures.futureOdds(view.futureId)) !== JSON.stringify(sim.futures.futureOdds(view.futureId))) out.push(`${view.futureId}: future odds differ`);
  }
  if (live.futures.views().length !== sim.futures.views().length) out.push('the futures listed differ');
  return out;
}

describe("the edge's live state", () => {
  it('equals the simulator after ticks', async () => {
    await t.advance(20_000);
    expect([...t.service.live.fixtureIds()]).not.toHaveLength(0);
    expect(differences()).toEqual([]);
  });

  it('equals the simulator after every kind of knob, frozen or not', async () => {
    const live = t.service.simulator.fixtureIds(1);
    const upcoming = t.service.simulator.fixtureIds(0).filter((id) => Object.keys(t.service.simulator.fixtureOdds(id)).length > 0);
    const [goalId, finishId] = live;
    const [kickoffId, cancelId, suspendId] = upcoming;
    if (goalId === undefined || finishId === undefined || kickoffId === undefined || cancelId === undefined || suspendId === undefined) {
      throw new Error('the test world lacks live or quoted upcoming fixtures');
    }
    const book = Object.keys(t.service.simulator.fixtureOdds(suspendId))[0] ?? '';
    await t.admin.json('POST', '/admin/freeze');
    await t.admin.json('POST', '/admin/goal', { fixtureId: goalId, side: 2 });
    await t.admin.json('POST', '/admin/suspend', { fixtureId: suspendId, bookmaker: book });
    await t.admin.json('POST', '/admin/stale', { bookmaker: book, fixtureId: suspendId });
    await t.admin.json('POST', '/admin/kickoff', { fixtureId: kickoffId });
    await t.admin.json('POST', '/admin/finish', { fixtureId: finishId });
    await t.admin.json('POST', '/admin/cancel', { fixtureId: cancelId, reissue: true });
    // Frozen: no tick ran, yet each knob's changes reached the edge with its answer.
    expect(differences()).toEqual([]);
    expect(t.service.live.scope(cancelId)?.statusId).toBe(3);
    await t.admin.json('POST', '/admin/resume');
    await t.advance(10_000);
    expect(differences()).toEqual([]);
  });

  it('turns a new snapshot (a restarted producer) into the batch that takes a client from the old state to the new one', () => {
    const { live } = t.service;
    const twoActive = (id: string): boolean => Object.values(live.odds(id)).some((byId) => Object.values(byId).filter((e) => e.active).length >= 2);
    const quoted = [...live.fixtureIds()].filter(twoActive);
    const [aId, bId, cId] = quoted;
    if (aId === undefined || bId === undefined || cId === undefined) throw new Error('the test world lacks quoted fixtures');
    const stateOf = (id: string): FixtureState => {
      const scope = live.scope(id);
      const view = live.view(id);
      if (scope === undefined || view === null) throw new Error(`no ${id}`);
      return structuredClone({ fixtureId: id, scope, view, bookmakers: live.bookmakers(id), odds: live.odds(id), injuries: null, lineups: null, stats: null, pricing: null });
    };
    const snapshot = (fixtures: FixtureState[]): FeedSnapshot => ({ ts: 1, fixtures, futures: [], purged: [], books: [] });
    const edge = new LiveState(() => 0);
    const emitted: ChangeBatch[] = [];
    edge.onChange((batch) => emitted.push(batch));
    const a = stateOf(aId);
    edge.fold({ kind: 'snapshot', snapshot: snapshot([a, stateOf(cId)]) });
    // The first snapshot is the state clients seed from by REST: nothing to send.
    expect(emitted).toEqual([]);
    const [slug, entries] = Object.entries(a.odds).find(([, byId]) => Object.values(byId).filter((e) => e.active).length >= 2) ?? ['', {}];
    const [[oddsId, entry] = [], [droppedId, dropped] = []] = Object.entries(entries).filter(([, e]) => e.active);
    if (oddsId === undefined || entry === undefined || droppedId === undefined || dropped === undefined) throw new Error('no two active entries');
    const versionBefore = edge.oddsVersion(aId, slug);
    const moved = { ...entry, price: entry.price + 0.5, changedAt: entry.changedAt + 1000 };
    const meta = a.bookmakers[slug];
    if (meta === undefined) throw new Error('no meta');
    const next: FixtureState = {
      ...a,
      // One price moved, one no longer quoted.
      odds: { ...a.odds, [slug]: Object.fromEntries(Object.entries({ ...entries, [oddsId]: moved }).filter(([id]) => id !== droppedId)) },
      bookmakers: { ...a.bookmakers, [slug]: { ...meta, suspended: !meta.suspended } },
    };
    edge.fold({ kind: 'snapshot', snapshot: snapshot([next, stateOf(bId)]) });
    expect(emitted).toHaveLength(1);
    const items = emitted[0]?.items ?? [];
    // A: only the moved price and the changed meta; B: new, whole; C: gone from the producer.
    // The price no longer quoted is deactivated at the snapshot's time: the stream has no deletion.
    // This snapshot's time (1) is before what clients hold: a deactivation, or a row changed under
    // the same stamp (the meta), is stamped 1 ms after the held row, so a book does not skip it.
    const after = (iso: string): string => new Date(Date.parse(iso) + 1).toISOString();
    expect(items.filter((i) => i.channel === 'odds' && i.payload.fixtureId === aId)).toEqual([
      { channel: 'odds', payload: { fixtureId: aId, odds: { [slug]: { [oddsId]: moved, [droppedId]: { ...dropped, active: false, changedAt: dropped.changedAt + 1 } } } } },
    ]);
    expect(items.filter((i) => i.channel === 'bookmakers' && i.payload.fixtureId === aId)).toEqual([
      { channel: 'bookmakers', payload: { fixtureId: aId, bookmakers: { [slug]: { ...meta, suspended: !meta.suspended, updatedAt: after(meta.updatedAt) } } } },
    ]);
    expect(items.some((i) => i.channel === 'fixtures' && i.payload.fixtureId === aId)).toBe(false);
    expect(items.some((i) => i.channel === 'fixtures' && i.payload.fixtureId === bId)).toBe(true);
    expect(items.filter((i) => i.channel === 'odds' && i.payload.fixtureId === bId).length).toBe(Object.keys(live.odds(bId)).length);
    // C's active prices end with it.
    const cActive = Object.values(live.odds(cId)).reduce((n, byId) => n + Object.values(byId).filter((e) => e.active).length, 0);
    const cEnded = items.flatMap((i) => (i.channel === 'odds' && i.payload.fixtureId === cId ? Object.values(i.payload.odds).flatMap((byId) => Object.values(byId)) : []));
    expect(cEnded.length).toBe(cActive);
    const cHeld = Object.values(live.odds(cId)).flatMap((byId) => Object.values(byId).filter((e) => e.active));
    expect(cEnded.map((e) => [e.outcomeId, e.active, e.changedAt])).toEqual(cHeld.map((e) => [e.outcomeId, false, e.changedAt + 1]));
    expect(edge.view(cId)).toBeNull();
    expect(edge.wasPurged(cId)).toBe(true);
    // REST reads the new state, and its odds cache sees a new version.
    expect(edge.odds(aId)[slug]?.[oddsId]).toEqual(moved);
    expect(edge.oddsVersion(aId, slug)).not.toBe(versionBefore);
  });
  it('stamps forward what a restarted producer holds older than it had sent, so clients take the rows REST answers', () => {
    const { live } = t.service;
    const id = [...live.fixtureIds()].find((f) => Object.values(live.odds(f)).some((byId) => Object.values(byId).filter((e) => e.active).length >= 2));
    const scope = id === undefined ? undefined : live.scope(id);
    const view = id === undefined ? null : live.view(id);
    if (id === undefined || scope === undefined || view === null) throw new Error('the test world lacks a quoted fixture');
    const [slug, entries] = Object.entries(live.odds(id)).find(([, byId]) => Object.values(byId).filter((e) => e.active).length >= 2) ?? ['', {}];
    const [[movedId, base] = [], [keptId, kept] = []] = Object.entries(entries).filter(([, e]) => e.active);
    const meta = live.bookmakers(id)[slug];
    if (movedId === undefined || base === undefined || keptId === undefined || kept === undefined || meta === undefined) throw new Error('no two active entries');
    // Hand-worked: the producer sent a goal (2-0) and a price of 2.10 at 10:00:05 and went down;
    // restarted at 10:00:09 from its checkpoint of 10:00:00, it says 1-0 and 2.00 as of 10:00:00.
    const t0 = Date.parse('2026-11-29T10:00:00.000Z');
    const iso = (ms: number): string => new Date(ms).toISOString();
    const score = (goals: number, at: number) => ({ p1: { period: 'p1', participant1Score: goals, participant2Score: 0, updatedAt: iso(at) } });
    const state = (goals: number, price: number, suspended: boolean, at: number): FixtureState => ({
      fixtureId: id,
      scope,
      view: { ...view, scores: score(goals, at) },
      bookmakers: { [slug]: { ...meta, suspended, updatedAt: iso(at) } },
      odds: { [slug]: { [movedId]: { ...base, price, changedAt: at }, [keptId]: kept } },
      injuries: null,
      lineups: null,
      stats: null,
      pricing: null,
    });
    const sent = state(2, 2.1, true, t0 + 5_000);
    const edge = new LiveState(() => 0);
    const batches: ChangeBatch[] = [];
    edge.onChange((batch) => batches.push(batch));
    edge.fold({ kind: 'snapshot', snapshot: { ts: t0 + 5_000, fixtures: [sent], futures: [], purged: [], books: [] } });
    edge.fold({ kind: 'snapshot', snapshot: { ts: t0 + 9_000, fixtures: [state(1, 2.0, false, t0)], futures: [], purged: [], books: [] } });
    // REST answers the restarted producer's rows, stamped at 10:00:09; the unchanged price keeps its own.
    expect(edge.odds(id)[slug]?.[movedId]).toEqual({ ...base, price: 2.0, changedAt: t0 + 9_000 });
    expect(edge.odds(id)[slug]?.[keptId]).toEqual(kept);
    expect(edge.view(id)?.scores).toEqual(score(1, t0 + 9_000));
    expect(edge.bookmakers(id)[slug]).toEqual({ ...meta, suspended: false, updatedAt: iso(t0 + 9_000) });
    // The batch carries those rows: each newer than the one clients hold (2.10 at 10:00:05, 2-0
    // and the meta at 10:00:05), which a book needs to take it (src/book/book.ts keeps the newer).
    const items = batches.flatMap((batch) => batch.items);
    // The fixture's view moves too: it carries the scores.
    expect(items.map((item) => item.channel).sort()).toEqual(['bookmakers', 'fixtures', 'odds', 'scores']);
    expect(items.find((item) => item.channel === 'fixtures')?.payload).toEqual({ ...view, scores: score(1, t0 + 9_000) });
    expect(items.find((item) => item.channel === 'odds')?.payload).toEqual({ fixtureId: id, odds: { [slug]: { [movedId]: { ...base, price: 2.0, changedAt: t0 + 9_000 } } } });
    expect(items.find((item) => item.channel === 'scores')?.payload).toEqual({ fixtureId: id, scores: score(1, t0 + 9_000) });
    expect(items.find((item) => item.channel === 'bookmakers')?.payload).toEqual({ fixtureId: id, bookmakers: { [slug]: { ...meta, suspended: false, updatedAt: iso(t0 + 9_000) } } });
  });
});
