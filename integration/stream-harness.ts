// The shared harness of the tests that check a live book against REST over real sockets (the
// stream-client test against one service, the cluster test against HAProxy and two edges): a lane
// is one stream client and its book; a comparison freezes nothing itself, it waits until the lanes
// are connected and idle, then checks each book equals a fresh REST snapshot of the scope.
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { fetchFixturesInScope, fetchOddsSnapshot } from '../src/api/snapshots.ts';
import { LiveBook } from '../src/book/book.ts';
import type { ReceiveType } from '../src/wire/stream-schemas.ts';
import { memoryCursorStore, type CursorStore } from '../src/stream/cursor-store.ts';
import { apiSnapshotSource } from '../src/stream/snapshots.ts';
import { createStreamClient, type StreamClient, type WebSocketConstructor } from '../src/stream/stream-client.ts';
import { isOpen } from '../src/wire/status.ts';

export const SPORT_IDS = [10];
export const BOOKMAKERS = ['pinnacle', 'bet365'];
export const KEY = 'demo-key';

export const sleep = (ms: number): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, ms));

export interface Lane {
  readonly receiveType: ReceiveType;
  readonly book: LiveBook;
  readonly cursors: CursorStore;
  client: StreamClient | null;
  /** REST snapshots the client fetched (a login without cursors, or a `snapshot_required`). */
  snapshots: number;
  /** The channels of each of those snapshots, in order. */
  readonly snapshotChannels: (readonly string[])[];
}

export interface Comparable {
  readonly fixtures: Record<string, unknown>;
  readonly odds: Record<string, unknown>;
  readonly metas: Record<string, unknown>;
}

/** A fresh REST snapshot of the subscribed scope, in the shape compared. */
export async function restState(api: ApiClient): Promise<Comparable> {
  const views = await fetchFixturesInScope(api, { sportIds: SPORT_IDS });
  const open = views.filter((v) => isOpen(v.status.statusId)).map((v) => v.fixtureId);
  const odds = await fetchOddsSnapshot(api, open, BOOKMAKERS);
  return {
    fixtures: Object.fromEntries(views.map((v) => [v.fixtureId, { status: v.status, scores: v.scores, clock: v.clock }])),
    odds: Object.fromEntries(odds.filter((v) => Object.keys(v.odds).length > 0).map((v) => [v.fixtureId, v.odds])),
    metas: Object.fromEntries(odds.filter((v) => Object.keys(v.bookmakers).length > 0).map((v) => [v.fixtureId, v.bookmakers])),
  };
}

/** The book's state over the same fixtures: active prices only (REST lists active prices only). */
/** Whether REST lists the fixture as open (not finished, cancelled, …). */
function openAtRest(over: Comparable, fixtureId: string): boolean {
  const listed = over.fixtures[fixtureId] as { status?: { statusId?: number } } | undefined;
  const statusId = listed?.status?.statusId;
  return statusId !== undefined && isOpen(statusId);
}

export function bookState(book: LiveBook, over: Comparable): Comparable {
  const fixtures: Record<string, unknown> = {};
  for (const id of Object.keys(over.fixtures)) {
    const live = book.getFixture(id);
    fixtures[id] = { status: live?.status, scores: live?.scores, clock: live?.clock ?? null };
  }
  const odds: Record<string, unknown> = {};
  const metas: Record<string, unknown> = {};
  for (const id of book.fixtureIds()) {
    const active: Record<string, Record<string, unknown>> = {};
    for (const [bookmaker, entries] of Object.entries(book.fixtureOdds(id))) {
      for (const [oddsId, entry] of Object.entries(entries)) if (entry.active) (active[bookmaker] ??= {})[oddsId] = entry;
    }
    if (Object.keys(active).length > 0) odds[id] = active;
    // REST's snapshot asks the metadata of the open fixtures it lists only; a fixture that finished
    // during the run, or that a crashed producer never wrote (the history's last 150 ms on
    // PostgreSQL), keeps its last metadata in the book (the stream never deletes it): not compared.
    const m = book.fixtureBookmakers(id);
    if (Object.keys(m).length > 0 && openAtRest(over, id)) metas[id] = m;
  }
  return { fixtures, odds, metas };
}

/** The leaf paths where `a` (REST) and `b` (the book) differ, each as `path: REST … book …`. */
export function differingPaths(a: unknown, b: unknown, path = ''): string[] {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const aa = a as Record<string, unknown>;
    const bb = b as Record<string, unknown>;
    return [...new Set([...Object.keys(aa), ...Object.keys(bb)])].flatMap((key) => differingPaths(aa[key], bb[key], `${path}/${key}`));
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  const shown = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));
  return [`${path}: REST ${shown(a)} · book ${shown(b)}`];
}

export async function waitFor(predicate: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function waitForAsync(predicate: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}


export function newLane(receiveType: ReceiveType): Lane {
  return { receiveType, book: new LiveBook(), cursors: memoryCursorStore(), client: null, snapshots: 0, snapshotChannels: [] };
}

export function apiOf(restUrl: string): ApiClient {
  return createApiClient({ baseUrl: restUrl, apiKey: KEY, lang: 'en' });
}

/** Starts a stream client for the lane (REST snapshots from `restUrl`, counted in `lane.snapshots`). */
export function connectLane(lane: Lane, restUrl: string, wsUrl: string): void {
  const rest = apiSnapshotSource(apiOf(restUrl));
  const client = createStreamClient({
    settings: { url: wsUrl, apiKey: KEY, lang: 'en', receiveType: lane.receiveType, sportIds: SPORT_IDS, bookmakers: BOOKMAKERS },
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    cursors: lane.cursors,
    snapshots: {
      fetch: (request, signal) => {
        lane.snapshots++;
        lane.snapshotChannels.push(request.channels);
        return rest.fetch(request, signal);
      },
    },
    scope: () => ({ fixtureIds: lane.book.fixtureIds(), futureIds: lane.book.futureIds() }),
    emit: (ops) => {
      lane.book.apply(ops);
      lane.book.flush();
    },
    backoff: { baseMs: 50, maxMs: 500 },
    persistEveryMs: 10,
  });
  lane.client = client;
  void client.start();
}

/**
 * Waits until every lane is connected with no re-snapshot running and its book equals REST.
 * REST is asked again on every round: with the simulation frozen, frames sent before the freeze
 * may still be on their way to a book, and an edge behind HAProxy may still be folding the feed's
 * last messages, so either side can be a moment behind; both must reach the same state.
 */
export async function expectBooksEqualRest(lanes: readonly Lane[], api: ApiClient, label: string): Promise<void> {
  await waitFor(() => lanes.every((l) => l.client?.status.phase === 'connected' && l.client.status.resnapshotChannels.length === 0), 30_000, `${label}: lanes connected`);
  const deadline = Date.now() + 10_000;
  for (;;) {
    const expected = await restState(api);
    // Not vacuous: the scope holds fixtures, prices and bookmaker metadata.
    expect(Object.keys(expected.odds).length, `${label}: fixtures with odds`).toBeGreaterThan(0);
    expect(Object.keys(expected.metas).length, `${label}: fixtures with meta`).toBeGreaterThan(0);
    const differing = lanes
      .map((lane) => ({ lane, paths: differingPaths(expected, bookState(lane.book, expected)) }))
      .filter(({ paths }) => paths.length > 0);
    if (differing.length === 0) break;
    if (Date.now() > deadline) {
      // The paths that differ, each with both values: a whole-state diff of thousands of prices
      // is folded by the reporter past reading.
      const { lane, paths } = differing[0] ?? { lane: lanes[0], paths: [] };
      expect.fail(`${label}, ${lane?.receiveType ?? ''}: the book differs from REST at ${String(paths.length)} paths:\n${paths.slice(0, 30).join('\n')}`);
    }
    await sleep(250);
  }
  for (const lane of lanes) expect(lane.client?.status.malformedFrames, `${label}, ${lane.receiveType}: malformed frames`).toBe(0);
}
