// The feed between the producer (the simulator, in a worker thread of its own) and the edge
// (REST, the gateway, the dashboard's files): what the producer publishes and the edge folds into
// its live state (service/edge/live-state.ts). A transport carries these messages unchanged: a
// function call when the producer runs in the edge's thread (tests with a manual clock), a
// MessagePort between threads (`npm start`), and Redis Streams past one process (issue #24).
import type { Future } from '../../src/wire/rest-schemas.ts';
import type {
  BookmakerFixtureMeta,
  FixtureView,
  FutureOddsEntry,
  InjuriesPayload,
  LineupsPayload,
  OddsEntry,
  StatsPayload,
} from '../../src/wire/shared-schemas.ts';
import type { BookmakerProfile } from '../catalogue/types.ts';
import type { ChangeBatch } from '../sim/change-feed.ts';
import type { HistoryHealth } from '../sim/resilient-history.ts';
import type { SimStats, TickTimings } from '../sim/sim-types.ts';
import type { PricingInputs } from '../sgp/pricing-inputs.ts';

/** What the edge decides entitlements, filters and settlement times on; not in the wire views. */
export interface FixtureScope {
  readonly sportId: number;
  readonly tournamentId: number;
  readonly statusId: number;
  /** When the fixture finished (epoch ms), null before. */
  readonly finishedAtMs: number | null;
}

export interface FutureScope {
  readonly sportId: number;
  readonly tournamentId: number;
  readonly statusId: number;
}

/** Everything the producer holds of one fixture. */
export interface FixtureState {
  readonly fixtureId: string;
  readonly scope: FixtureScope;
  /** The fixture's view, with its scores and clock. */
  readonly view: FixtureView;
  readonly bookmakers: Readonly<Record<string, BookmakerFixtureMeta>>;
  readonly odds: Readonly<Record<string, Readonly<Record<string, OddsEntry>>>>;
  readonly injuries: InjuriesPayload | null;
  readonly lineups: LineupsPayload | null;
  readonly stats: StatsPayload | null;
  /** The joint-pricing model's inputs (SGP), null when the fixture has no model (no runtime). */
  readonly pricing: PricingInputs | null;
}

export interface FutureState {
  readonly futureId: string;
  readonly scope: FutureScope;
  readonly view: Future;
  readonly odds: Readonly<Record<string, Readonly<Record<string, FutureOddsEntry>>>>;
}

/** The producer's whole live state at `ts`: sent first, and again after every producer (re)start. */
export interface FeedSnapshot {
  readonly ts: number;
  readonly fixtures: readonly FixtureState[];
  readonly futures: readonly FutureState[];
  /** Fixtures retention dropped (so /sgp can tell a purged id from one never issued). */
  readonly purged: readonly string[];
  readonly books: readonly BookmakerProfile[];
  /**
   * An upstream's state passed on as it is (relay mode): its rows are taken as they are, since the
   * upstream's REST answers them. A snapshot without it is a producer's own, whose rows older than
   * what clients hold are stamped forward as corrections (service/edge/live-state.ts).
   */
  readonly mirrored?: boolean;
}

/**
 * One tick's changes (the stream's payloads, exactly as the gateway sends them), with what the
 * edge needs beside them: the scope of every fixture and future the batch touches, new pricing
 * inputs, new future views, fixtures that appeared outside the stream's channels, and purges.
 */
export interface FeedBatch extends ChangeBatch {
  /** New views of fixtures the batch touches whose view is not among its `fixtures` items (a clock or score moved). */
  readonly views: readonly FixtureView[];
  readonly scopes: readonly (readonly [string, FixtureScope])[];
  readonly futureScopes: readonly (readonly [string, FutureScope])[];
  readonly futureViews: readonly Future[];
  readonly pricing: readonly (readonly [string, PricingInputs])[];
  /** Fixtures the edge has not been told of (created between batches), whole. */
  readonly added: readonly FixtureState[];
  readonly purged: readonly string[];
}

/** The producer's figures, sent about once a second (and after every knob). */
export interface ProducerStatus {
  /** The producer's clock (epoch ms; the simulation clock). */
  readonly now: number;
  readonly stats: SimStats;
  /** Tick timings since the previous status. */
  readonly ticks: TickTimings;
  readonly history: HistoryHealth;
  readonly dbBytes: number;
}

export type FeedMessage =
  | { readonly kind: 'snapshot'; readonly snapshot: FeedSnapshot }
  | { readonly kind: 'batch'; readonly batch: FeedBatch }
  | { readonly kind: 'status'; readonly status: ProducerStatus };

export type FeedListener = (message: FeedMessage) => void;

/** The edge's side of a feed: a snapshot first, then batches and statuses in order. */
export interface Feed {
  subscribe(listener: FeedListener): () => void;
}

/** The scope of a simulator's fixture record. */
export function fixtureScopeOf(record: {
  readonly planned: { readonly sportId: number; readonly tournamentId: number };
  readonly statusId: number;
  readonly finishedAtMs: number | null;
}): FixtureScope {
  return { sportId: record.planned.sportId, tournamentId: record.planned.tournamentId, statusId: record.statusId, finishedAtMs: record.finishedAtMs };
}
