// The producer: the simulator and its history writes, publishing on the feed (feed.ts) what the
// edge folds into its live state. It runs in a worker thread of its own (producer-thread.ts) so
// that a reprice never delays a REST answer or a stream frame, or in the edge's thread when a test
// drives the simulator with a manual clock (the same code, the feed a function call).
import type { Future } from '../../src/wire/rest-schemas.ts';
import type { FixtureView } from '../../src/wire/shared-schemas.ts';
import { answerKnob, knobRoute, type Body, type HistoryCapKnob, type KnobAnswer } from '../admin/knob-routes.ts';
import { pricingInputsOf, pricingKey, type PricingInputs } from '../sgp/pricing-inputs.ts';
import type { ChangeBatch, ChangeItem } from '../sim/change-feed.ts';
import type { PricingModels } from '../sim/pricing-adapter.ts';
import type { HistoryPort } from '../sim/history-port.ts';
import type { ResilientHistory } from '../sim/resilient-history.ts';
import type { SimStats, Simulator } from '../sim/simulator.ts';
import { isLive } from '../../src/wire/status.ts';
import {
  fixtureScopeOf,
  type FeedListener,
  type FeedSnapshot,
  type FixtureScope,
  type FixtureState,
  type FutureScope,
  type FutureState,
  type ProducerStatus,
} from './feed.ts';

/** How often the producer sends its figures, and sweeps what no tick reports (new and purged fixtures, the in-play clock's pricing step). */
export const PRODUCER_STATUS_MS = 1000;
/** How old the counts of a periodic status may be (a knob's status always counts afresh). */
const STATS_EVERY_MS = 5000;

export interface ProducerDeps {
  readonly simulator: Simulator;
  readonly models: PricingModels;
  /** The history as the simulator writes it (backlog and gaps of an outage). */
  readonly recorder: ResilientHistory;
  /** For the figures it reports (the database's size). */
  readonly history: Pick<HistoryPort, 'sizeBytes'>;
  /** The history-cap knob (a real SQLITE_FULL on demand), when the store has one. */
  readonly historyCap: HistoryCapKnob | null;
  /**
   * Sweep after every batch, not once a second: a test driving a manual clock then reads what a
   * tick created or purged at once (in its own thread, on its small world).
   */
  readonly sweepEveryBatch?: boolean;
}

function futureScopeOf(record: { readonly sportId: number; readonly tournamentId: number; readonly statusId: number }): FutureScope {
  return { sportId: record.sportId, tournamentId: record.tournamentId, statusId: record.statusId };
}

/** The fixtures and futures a batch's payloads name. */
function touchedBy(batch: ChangeBatch): { fixtures: Set<string>; futures: Set<string> } {
  const fixtures = new Set<string>();
  const futures = new Set<string>();
  for (const item of batch.items) {
    if (item.channel === 'oddsFutures') futures.add(item.payload.futureId);
    else fixtures.add(item.payload.fixtureId);
  }
  return { fixtures, futures };
}

/** A FeedBatch being put together. */
interface BatchParts {
  readonly ts: number;
  items: ChangeItem[];
  readonly views: FixtureView[];
  readonly scopes: [string, FixtureScope][];
  readonly futureScopes: [string, FutureScope][];
  readonly futureViews: Future[];
  readonly pricing: [string, PricingInputs][];
  readonly added: FixtureState[];
  readonly purged: string[];
}

export class Producer {
  private readonly sim: Simulator;
  private readonly deps: ProducerDeps;
  /** The last view, pricing key and scope published per fixture: only changes are sent again. */
  private readonly views = new Map<string, FixtureView>();
  private readonly pricingKeys = new Map<string, string>();
  private readonly futureViews = new Map<string, string>();
  private readonly listeners = new Set<FeedListener>();
  private unsubscribe: (() => void) | null = null;
  private lastStats: SimStats | null = null;
  private lastStatsAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(deps: ProducerDeps) {
    this.deps = deps;
    this.sim = deps.simulator;
  }

  /** Registers a listener of the feed: the snapshot at once, then batches and statuses. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    listener({ kind: 'snapshot', snapshot: this.snapshot() });
    listener({ kind: 'status', status: this.status() });
    this.unsubscribe ??= this.sim.onChange((batch) => {
      this.publishBatch(batch);
      if (this.deps.sweepEveryBatch === true) this.sweep(false);
    });
    return () => this.listeners.delete(listener);
  }

  /** Starts the once-a-second status and sweep (the ticks are the simulator's: `simulator.start()`). */
  startStatus(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      this.sweep(true);
      this.publishStatus(false);
    }, PRODUCER_STATUS_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * Runs an admin knob here, where the simulator runs. The answer comes once everything the knob
   * changed has been published (after a tick in progress has finished, whose slices may carry
   * part of it), so a caller that reads REST after the answer reads the knob's world: the feed and
   * the answer travel the same ordered port.
   */
  async knob(method: string, path: string, body: Body, query: string): Promise<KnobAnswer> {
    const answer = answerKnob(() => knobRoute(this.sim, this.deps.historyCap, method, path, body, new URLSearchParams(query)));
    while (this.sim.tickInProgress) await new Promise<void>((resolve) => setImmediate(resolve));
    this.sim.publishPending();
    this.sweep(true);
    this.publishStatus();
    return answer;
  }

  /**
   * The figures now; `takeTicks` also takes (and restarts) the tick timings. `fresh: false` reuses
   * counts up to STATS_EVERY_MS old: counting every odds entry takes ~25 ms of this thread at the
   * bench load, a stall of the ticks if done every second.
   */
  status(takeTicks = false, fresh = true): ProducerStatus {
    const now = this.sim.now();
    if (fresh || this.lastStats === null || Date.now() - this.lastStatsAt >= STATS_EVERY_MS) {
      this.lastStats = this.sim.stats();
      this.lastStatsAt = Date.now();
    }
    return {
      now,
      stats: this.lastStats,
      ticks: takeTicks ? this.sim.takeTickTimings() : { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' },
      history: this.deps.recorder.health(),
      dbBytes: this.deps.history.sizeBytes(),
    };
  }

  snapshot(): FeedSnapshot {
    const fixtures: FixtureState[] = [];
    for (const fixtureId of this.sim.fixtureIds()) {
      const state = this.fixtureState(fixtureId);
      if (state !== null) fixtures.push(state);
    }
    const futures: FutureState[] = [];
    for (const view of this.sim.futures.views()) {
      const record = this.sim.futures.record(view.futureId);
      if (record === undefined) continue;
      this.futureViews.set(view.futureId, JSON.stringify(view));
      futures.push({ futureId: view.futureId, scope: futureScopeOf(record), view, odds: this.sim.futures.futureOdds(view.futureId) });
    }
    return { ts: this.sim.now(), fixtures, futures, purged: [], books: this.sim.books };
  }

  private publish(message: Parameters<FeedListener>[0]): void {
    for (const listener of this.listeners) listener(message);
  }

  private publishStatus(fresh = true): void {
    if (this.listeners.size > 0) this.publish({ kind: 'status', status: this.status(true, fresh) });
  }

  private fixtureState(fixtureId: string): FixtureState | null {
    const view = this.sim.fixtureView(fixtureId);
    const record = this.sim.fixtureRecord(fixtureId);
    if (view === null || record === undefined) return null;
    this.views.set(fixtureId, view);
    const pricing = this.pricingOf(fixtureId);
    if (pricing !== null) this.pricingKeys.set(fixtureId, pricingKey(pricing));
    return {
      fixtureId,
      scope: fixtureScopeOf(record),
      view,
      bookmakers: this.sim.fixtureBookmakers(fixtureId),
      odds: this.sim.fixtureOdds(fixtureId),
      injuries: this.sim.injuriesOf(fixtureId),
      lineups: this.sim.lineupsOf(fixtureId),
      stats: this.sim.statsOf(fixtureId),
      pricing,
    };
  }

  private pricingOf(fixtureId: string): PricingInputs | null {
    const runtime = this.sim.runtime(fixtureId);
    return runtime === undefined ? null : pricingInputsOf(this.deps.models, runtime);
  }

  /** New pricing inputs of the fixture, or null when they are the ones last published. */
  private changedPricing(fixtureId: string): PricingInputs | null {
    const inputs = this.pricingOf(fixtureId);
    if (inputs === null) return null;
    const key = pricingKey(inputs);
    if (this.pricingKeys.get(fixtureId) === key) return null;
    this.pricingKeys.set(fixtureId, key);
    return inputs;
  }

  private emptyBatch(ts: number): BatchParts {
    return { ts, items: [], views: [], scopes: [], futureScopes: [], futureViews: [], pricing: [], added: [], purged: [] };
  }

  private publishBatch(batch: ChangeBatch): void {
    if (this.listeners.size === 0) return;
    const out = this.emptyBatch(batch.ts);
    out.items = [...batch.items];
    const touched = touchedBy(batch);
    const sentViews = new Set<string>();
    for (const item of batch.items) if (item.channel === 'fixtures') sentViews.add(item.payload.fixtureId);
    for (const fixtureId of touched.fixtures) {
      const record = this.sim.fixtureRecord(fixtureId);
      if (record === undefined) continue;
      if (this.addedWhole(fixtureId, out)) continue;
      out.scopes.push([fixtureId, fixtureScopeOf(record)]);
      const view = this.changedView(fixtureId);
      if (view !== null && !sentViews.has(fixtureId)) out.views.push(view);
      const pricing = this.changedPricing(fixtureId);
      if (pricing !== null) out.pricing.push([fixtureId, pricing]);
    }
    for (const futureId of touched.futures) {
      const record = this.sim.futures.record(futureId);
      if (record === undefined) continue;
      out.futureScopes.push([futureId, futureScopeOf(record)]);
      this.pushFutureView(futureId, out.futureViews);
    }
    this.publish({ kind: 'batch', batch: out });
  }

  /** A fixture the edge was never sent goes out whole (in `out.added`); true when it did. */
  private addedWhole(fixtureId: string, out: BatchParts): boolean {
    if (this.views.has(fixtureId)) return false;
    const state = this.fixtureState(fixtureId);
    if (state !== null) out.added.push(state);
    return true;
  }

  /** The fixture's view when it is not the one last published (then remembered as published), else null. */
  private changedView(fixtureId: string): FixtureView | null {
    const view = this.sim.fixtureView(fixtureId);
    if (view === null || view === this.views.get(fixtureId)) return null;
    this.views.set(fixtureId, view);
    return view;
  }

  private pushFutureView(futureId: string, into: Future[]): void {
    const view = this.sim.futures.view(futureId);
    if (view === null) return;
    const text = JSON.stringify(view);
    if (this.futureViews.get(futureId) === text) return;
    this.futureViews.set(futureId, text);
    into.push(view);
  }

  /**
   * What no tick's batch reports: fixtures created or purged between ticks, live fixtures whose
   * model moved with the clock only, and (with `futures`) futures whose listing changed with no price.
   */
  private sweep(futures: boolean): void {
    if (this.listeners.size === 0) return;
    const out = this.emptyBatch(this.sim.now());
    const held = new Set(this.sim.fixtureIds());
    for (const fixtureId of held) {
      const record = this.sim.fixtureRecord(fixtureId);
      if (record === undefined) continue;
      if (this.addedWhole(fixtureId, out)) continue;
      const view = this.changedView(fixtureId);
      if (view !== null) {
        out.views.push(view);
        out.scopes.push([fixtureId, fixtureScopeOf(record)]);
      }
      if (!isLive(record.statusId)) continue;
      const pricing = this.changedPricing(fixtureId);
      if (pricing !== null) out.pricing.push([fixtureId, pricing]);
    }
    for (const fixtureId of this.views.keys()) {
      if (held.has(fixtureId)) continue;
      this.views.delete(fixtureId);
      this.pricingKeys.delete(fixtureId);
      out.purged.push(fixtureId);
    }
    for (const view of futures ? this.sim.futures.views() : []) {
      const record = this.sim.futures.record(view.futureId);
      if (record === undefined) continue;
      const before = out.futureViews.length;
      this.pushFutureView(view.futureId, out.futureViews);
      if (out.futureViews.length > before) out.futureScopes.push([view.futureId, futureScopeOf(record)]);
    }
    const empty = out.added.length + out.views.length + out.pricing.length + out.purged.length + out.futureViews.length === 0;
    if (!empty) this.publish({ kind: 'batch', batch: out });
  }
}
