import { describe, expect, it, vi } from 'vitest';
import type { BookOp, BookSnapshot } from '../book/book.ts';
import { LiveBook } from '../book/book.ts';
import { FIXTURE_ID, MARKET_1X2, fixtureView, meta, oddsEntry, oddsFrame, oddsIdOf } from '../book/book-test-data.ts';
import type { FutureOddsEntry } from '../wire/shared-schemas.ts';
import type { StreamUpdate } from '../wire/stream-schemas.ts';
import type { PageToWorker, WorkerBatch, WorkerConfig, WorkerToPage } from './messages.ts';
import type { StreamClient, StreamStatus } from './stream-client.ts';
import { connectStream, type WorkerEndpoint } from './connect-stream.ts';
import { createWorkerHub, type PagePort } from './worker-hub.ts';

const CONFIG: WorkerConfig = {
  stream: { url: 'ws://h/ws', apiKey: 'k', lang: 'en', receiveType: 'json', bookmakers: ['pinnacle'] },
  restBaseUrl: 'http://h',
};

/** A hub with manual timers and a fake client whose emit the test holds. */
function setup(maxQueued = 1000) {
  const timers: (() => void)[] = [];
  let emit: ((ops: readonly BookOp[]) => void) | undefined;
  let onStatus: ((s: StreamStatus) => void) | undefined;
  const created = vi.fn();
  const hub = createWorkerHub({
    setTimeout: (cb) => timers.push(cb),
    maxQueued,
    createClient: (_config, _book, e, s) => {
      created();
      emit = e;
      onStatus = s;
      const client: StreamClient = { start: () => Promise.resolve(), stop: () => Promise.resolve(), reconnectNow: () => undefined, status: {} as StreamStatus };
      return client;
    },
  });
  const tick = () => {
    for (const cb of timers.splice(0)) cb();
  };
  // The pages here collect the batches (the moves feed is tested in moves-watch.test.ts).
  const page = (): PagePort & { got: WorkerBatch[] } => {
    const got: WorkerBatch[] = [];
    return { got, postMessage: (m) => (m.type === 'batch' ? got.push(m) : 0) };
  };
  return { hub, tick, page, created, emit: (ops: readonly BookOp[]) => emit?.(ops), status: (s: StreamStatus) => onStatus?.(s) };
}

const update = (price: number, changedAt: number, fixtureId = FIXTURE_ID): BookOp => ({
  op: 'update',
  frame: oddsFrame([oddsEntry(changedAt, price)], fixtureId),
});
const OTHER_FIXTURE = 'sr10000002x1';
const FUTURE_ID = 'fut1';
const OTHER_FUTURE = 'fut2';
const futureOddsIdOf = (futureId: string) => `${futureId}:pinnacle:7`;
function futureUpdate(price: number, changedAt: number, futureId = FUTURE_ID): BookOp {
  const entry: FutureOddsEntry = { bookmaker: 'pinnacle', participantId: 7, price, active: true, changedAt };
  const frame: StreamUpdate = {
    channel: 'oddsFutures',
    type: 'UPDATE',
    ts: changedAt,
    entryId: `${String(changedAt)}-0`,
    payload: { futureId, odds: { pinnacle: { [futureOddsIdOf(futureId)]: entry } } },
  };
  return { op: 'update', frame };
}
const fixtureUpdate = (): BookOp => ({
  op: 'update',
  frame: { channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-1', payload: fixtureView(OTHER_FIXTURE) },
});
const interest = (fixtureIds: readonly string[], futureIds: readonly string[] = []): PageToWorker => ({ type: 'interest', fixtureIds, futureIds });
const EMPTY: BookSnapshot = { channels: [], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [], odds: [], futuresOdds: [] };

/** A page's book fed with everything the hub posted to it, in order. */
function bookOf(port: { got: readonly WorkerBatch[] }): LiveBook {
  const book = new LiveBook();
  for (const m of port.got) book.apply(m.ops);
  return book;
}

/** A connected, configured page with this interest, past its first (full) batch and acknowledged. */
function ready(env: ReturnType<typeof setup>, fixtureIds: readonly string[], futureIds: readonly string[] = []) {
  const port = env.page();
  env.hub.connect(port);
  env.hub.receive(port, { type: 'configure', config: CONFIG });
  env.hub.receive(port, interest(fixtureIds, futureIds));
  env.tick();
  env.hub.receive(port, { type: 'ack' });
  return port;
}

describe('worker hub', () => {
  it('starts one stream client for identical settings from several pages', () => {
    const { hub, page, created } = setup();
    const a = page();
    const b = page();
    hub.connect(a);
    hub.connect(b);
    hub.receive(a, { type: 'configure', config: CONFIG });
    hub.receive(b, { type: 'configure', config: CONFIG });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('posts nothing more to a page until it acknowledges the last batch', () => {
    const { hub, page, tick, emit } = setup();
    const a = page();
    hub.connect(a);
    hub.receive(a, { type: 'configure', config: CONFIG });
    hub.receive(a, interest([FIXTURE_ID]));
    tick();
    emit([update(2, 10)]);
    tick();
    expect(a.got).toHaveLength(1);
    hub.receive(a, { type: 'ack' });
    tick();
    expect(a.got).toHaveLength(2);
    expect(a.got[1]?.ops).toHaveLength(1);
  });

  it('gives a page that joins late everything the stream already delivered within its interest', () => {
    const { hub, page, tick, emit } = setup();
    const a = page();
    hub.connect(a);
    hub.receive(a, { type: 'configure', config: CONFIG });
    emit([update(2.5, 10), update(3.5, 10, OTHER_FIXTURE)]);
    tick();
    const late = page();
    hub.connect(late);
    hub.receive(late, interest([FIXTURE_ID]));
    tick();
    const book = bookOf(late);
    expect(book.getOdds(oddsIdOf())?.price).toBe(2.5);
    expect(book.getOdds(oddsIdOf(101, 'pinnacle', OTHER_FIXTURE))).toBeUndefined();
  });

  it('replaces the backlog of a page that stopped acknowledging by one full dump', () => {
    const { hub, page, tick, emit } = setup(3);
    const a = page();
    hub.connect(a);
    hub.receive(a, { type: 'configure', config: CONFIG });
    hub.receive(a, interest([FIXTURE_ID]));
    tick();
    for (let i = 0; i < 10; i++) emit([update(2 + i / 10, 10 + i)]);
    hub.receive(a, { type: 'ack' });
    tick();
    const last = a.got.at(-1);
    expect(last?.ops.map((o) => o.op)).toEqual(['reset', 'load']);
    const book = new LiveBook();
    for (const m of a.got) book.apply(m.ops);
    expect(book.getOdds(oddsIdOf())?.price).toBe(2.9);
  });

  it('shares a page seed with every page', () => {
    const { hub, page, tick } = setup();
    const a = page();
    const b = page();
    hub.connect(a);
    hub.connect(b);
    tick();
    hub.receive(a, { type: 'ack' });
    hub.receive(b, { type: 'ack' });
    hub.receive(a, { type: 'seed', snapshot: { channels: ['odds'], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [], odds: [], futuresOdds: [] } });
    tick();
    expect(b.got.at(-1)?.ops.map((o) => o.op)).toEqual(['seed']);
  });
});

describe('worker hub odds interest', () => {
  it('posts a page the odds of the fixtures in its interest only', () => {
    const env = setup();
    const a = ready(env, [FIXTURE_ID]);
    const shown = update(2, 10);
    env.emit([shown, update(3, 10, OTHER_FIXTURE)]);
    env.tick();
    expect(a.got.at(-1)?.ops).toEqual([shown]);
  });

  it('posts the channels other than odds to every page whatever its interest', () => {
    const env = setup();
    const a = ready(env, [FIXTURE_ID]);
    env.emit([fixtureUpdate()]);
    env.tick();
    expect(a.got.at(-1)?.ops).toEqual([fixtureUpdate()]);
  });

  it('posts a page the futures odds of the futures in its interest only', () => {
    const env = setup();
    const a = ready(env, [], [FUTURE_ID]);
    const shown = futureUpdate(4, 10);
    env.emit([shown, futureUpdate(5, 10, OTHER_FUTURE), update(2, 10)]);
    env.tick();
    expect(a.got.at(-1)?.ops).toEqual([shown]);
  });

  it('gives a fixture added to the interest its current prices before its next delta', () => {
    const env = setup();
    const a = ready(env, []);
    env.emit([update(2, 10)]);
    env.tick();
    env.hub.receive(a, interest([FIXTURE_ID]));
    env.emit([update(2.2, 11, FIXTURE_ID), { op: 'update', frame: oddsFrame([oddsEntry(12, 1.9, 'pinnacle', 102)]) }]);
    env.tick();
    const book = bookOf(a);
    expect(book.getOdds(oddsIdOf())?.price).toBe(2.2);
    expect(book.getOdds(oddsIdOf(102))?.price).toBe(1.9);
  });

  it('gives a fixture added to the interest a price the stream sent before and never repeats', () => {
    const env = setup();
    const a = ready(env, []);
    env.emit([update(2, 10), { op: 'update', frame: oddsFrame([oddsEntry(12, 1.9, 'pinnacle', 102)]) }]);
    env.tick();
    env.hub.receive(a, interest([FIXTURE_ID]));
    env.tick();
    expect(bookOf(a).getOdds(oddsIdOf(102))?.price).toBe(1.9);
  });

  it('gives a future added to the interest its current prices', () => {
    const env = setup();
    const a = ready(env, []);
    env.emit([futureUpdate(4, 10), futureUpdate(5, 10, OTHER_FUTURE)]);
    env.tick();
    env.hub.receive(a, interest([], [FUTURE_ID]));
    env.tick();
    const book = bookOf(a);
    expect(book.getFutureOdds(futureOddsIdOf(FUTURE_ID))?.price).toBe(4);
    expect(book.getFutureOdds(futureOddsIdOf(OTHER_FUTURE))).toBeUndefined();
  });

  it('drops the prices of a fixture that left the interest, after the deltas queued for it', () => {
    const env = setup();
    const a = ready(env, [FIXTURE_ID]);
    env.emit([update(2, 10)]);
    env.tick();
    // The page has not acknowledged: a delta queues, then the interest changes behind it.
    env.emit([update(2.1, 11)]);
    env.hub.receive(a, interest([]));
    env.hub.receive(a, { type: 'ack' });
    env.tick();
    expect(bookOf(a).getOdds(oddsIdOf())).toBeUndefined();
  });

  it('drops the prices of a future that left the interest', () => {
    const env = setup();
    const a = ready(env, [], [FUTURE_ID]);
    env.emit([futureUpdate(4, 10)]);
    env.tick();
    env.hub.receive(a, { type: 'ack' });
    env.hub.receive(a, interest([]));
    env.tick();
    expect(bookOf(a).getFutureOdds(futureOddsIdOf(FUTURE_ID))).toBeUndefined();
  });

  it('keeps the bookmaker metas of a fixture whose prices are filtered out of a seed', () => {
    const env = setup();
    const a = ready(env, []);
    const b = env.page();
    env.hub.connect(b);
    const odds = [{ fixtureId: FIXTURE_ID, odds: { pinnacle: { [oddsIdOf()]: oddsEntry(10, 2) } }, bookmakers: { pinnacle: meta('pinnacle', '2026-01-01T00:00:00.000Z') } }];
    env.hub.receive(b, { type: 'seed', snapshot: { ...EMPTY, channels: ['odds', 'bookmakers'], fixtureIds: [FIXTURE_ID], bookmakers: ['pinnacle'], odds } });
    env.tick();
    const book = bookOf(a);
    expect(book.getOdds(oddsIdOf())).toBeUndefined();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.meta.hasOdds).toBe(true);
  });

  it('tells a page to drop the prices its own late seed brought outside its interest', () => {
    const env = setup();
    const a = ready(env, []);
    const odds = [{ fixtureId: FIXTURE_ID, odds: { pinnacle: { [oddsIdOf()]: oddsEntry(10, 2) } }, bookmakers: {} }];
    const snapshot: BookSnapshot = { ...EMPTY, channels: ['odds'], fixtureIds: [FIXTURE_ID], bookmakers: ['pinnacle'], odds };
    // The page applied its seed itself before telling the worker.
    const book = new LiveBook();
    book.seed(snapshot, false);
    env.hub.receive(a, { type: 'seed', snapshot });
    env.tick();
    for (const m of a.got.slice(1)) book.apply(m.ops);
    expect(book.getOdds(oddsIdOf())).toBeUndefined();
  });

  it('scopes the full dump of a page that stopped acknowledging by its interest', () => {
    const env = setup(2);
    const a = ready(env, [FIXTURE_ID]);
    env.emit([update(2, 10)]);
    env.tick();
    for (let i = 0; i < 5; i++) env.emit([update(2 + i / 10, 11 + i), update(3, 11 + i, OTHER_FIXTURE)]);
    env.hub.receive(a, { type: 'ack' });
    env.tick();
    const last = a.got.at(-1)?.ops[1];
    expect(last?.op === 'load' ? last.dump.odds.map((o) => o.fixtureId) : null).toEqual([FIXTURE_ID]);
  });
});

describe('connectStream', () => {
  it('applies a batch to the page book at once and acknowledges it on the next frame', () => {
    const frames: (() => void)[] = [];
    const sent: unknown[] = [];
    const endpoint: WorkerEndpoint = { postMessage: (m) => sent.push(m), onmessage: null, close: () => undefined };
    const book = new LiveBook();
    connectStream(book, { open: () => ({ endpoint, kind: 'dedicated' }), nextFrame: (cb) => frames.push(cb) });
    endpoint.onmessage?.({ data: { type: 'batch', ops: [update(3, 10)], status: null } } as unknown as MessageEvent<WorkerToPage>);
    expect(book.getOdds(oddsIdOf())?.price).toBe(3);
    expect(sent).toEqual([]);
    frames.shift()?.();
    expect(sent).toEqual([{ type: 'ack' }]);
  });

  it('counts the updates it applies and each odds frame\'s ts-to-paint delay when the bench asks (window.__oddsPerf)', () => {
    const frames: (() => void)[] = [];
    const endpoint: WorkerEndpoint = { postMessage: () => undefined, onmessage: null, close: () => undefined };
    const perf = { applied: 0, paintDelaysMs: [] as number[] };
    (globalThis as { __oddsPerf?: unknown }).__oddsPerf = perf;
    try {
      connectStream(new LiveBook(), { open: () => ({ endpoint, kind: 'dedicated' }), nextFrame: (cb) => frames.push(cb) });
      const frame = update(3, 10);
      const ts = frame.op === 'update' ? frame.frame.ts : 0;
      // The same price twice: the second is a duplicate, not applied.
      endpoint.onmessage?.({ data: { type: 'batch', ops: [frame, frame], status: null } } as unknown as MessageEvent<WorkerToPage>);
      expect(perf.applied).toBe(0);
      const before = Date.now();
      frames.shift()?.();
      expect(perf.applied).toBe(1);
      expect(perf.paintDelaysMs).toHaveLength(2);
      expect(perf.paintDelaysMs[0]).toBeGreaterThanOrEqual(before - ts);
    } finally {
      delete (globalThis as { __oddsPerf?: unknown }).__oddsPerf;
    }
  });
});

describe('connectStream odds interest', () => {
  const microtasks = () =>
    new Promise<void>((resolve) => {
      queueMicrotask(resolve);
    });

  /** A page connection whose messages are recorded and whose delayed releases the test runs. */
  function recorded() {
    const sent: PageToWorker[] = [];
    const later: (() => void)[] = [];
    const endpoint: WorkerEndpoint = { postMessage: (m) => sent.push(m), onmessage: null, close: () => undefined };
    const connection = connectStream(new LiveBook(), {
      open: () => ({ endpoint, kind: 'shared' }),
      nextFrame: () => undefined,
      setTimeout: (cb) => later.push(cb),
    });
    const interests = () => sent.filter((m) => m.type === 'interest');
    return { connection, interests, runLater: () => { for (const cb of later.splice(0)) cb(); } };
  }

  it('sends the worker one interest message for every holder registered in one task', async () => {
    const { connection, interests } = recorded();
    connection.registerInterest([OTHER_FIXTURE], []);
    connection.registerInterest([FIXTURE_ID, FIXTURE_ID], [FUTURE_ID]);
    await microtasks();
    expect(interests()).toEqual([interest([FIXTURE_ID, OTHER_FIXTURE].sort(), [FUTURE_ID])]);
  });

  it('keeps a fixture in the interest while another holder keeps it', async () => {
    const { connection, interests, runLater } = recorded();
    const releaseA = connection.registerInterest([FIXTURE_ID], []);
    connection.registerInterest([FIXTURE_ID], []);
    await microtasks();
    releaseA();
    releaseA();
    runLater();
    await microtasks();
    expect(interests()).toEqual([interest([FIXTURE_ID])]);
  });

  it('takes a fixture out of the interest once its last holder is released and the delay has passed', async () => {
    const { connection, interests, runLater } = recorded();
    const release = connection.registerInterest([FIXTURE_ID], []);
    await microtasks();
    release();
    await microtasks();
    expect(interests()).toHaveLength(1);
    runLater();
    await microtasks();
    expect(interests().at(-1)).toEqual(interest([]));
  });

  it('sends nothing when a released fixture is taken again within the delay (a remount)', async () => {
    const { connection, interests, runLater } = recorded();
    const release = connection.registerInterest([FIXTURE_ID], []);
    await microtasks();
    release();
    connection.registerInterest([FIXTURE_ID], []);
    runLater();
    await microtasks();
    expect(interests()).toEqual([interest([FIXTURE_ID])]);
  });

  it.each(['shared', 'dedicated'] as const)('filters the odds of a page behind a %s worker by the interest its components hold', async (kind) => {
    const env = setup();
    const later: (() => void)[] = [];
    const frames: (() => void)[] = [];
    const endpoint: WorkerEndpoint = {
      postMessage: (m) => {
        env.hub.receive(port, m);
      },
      onmessage: null,
      close: () => undefined,
    };
    const port: PagePort = {
      postMessage: (m) => {
        endpoint.onmessage?.({ data: m } as MessageEvent<WorkerToPage>);
      },
    };
    env.hub.connect(port);
    const book = new LiveBook();
    const connection = connectStream(book, { open: () => ({ endpoint, kind }), nextFrame: (cb) => frames.push(cb), setTimeout: (cb) => later.push(cb) });
    const step = () => {
      env.tick();
      for (const cb of frames.splice(0)) cb();
    };
    connection.configure(CONFIG);
    const release = connection.registerInterest([FIXTURE_ID], []);
    await microtasks();
    step();
    env.emit([update(2, 10), update(3, 10, OTHER_FIXTURE)]);
    step();
    expect([book.getOdds(oddsIdOf())?.price, book.getOdds(oddsIdOf(101, 'pinnacle', OTHER_FIXTURE))]).toEqual([2, undefined]);
    release();
    for (const cb of later.splice(0)) cb();
    await microtasks();
    step();
    expect(book.getOdds(oddsIdOf())).toBeUndefined();
  });
});

describe('worker hub, on a change of service', () => {
  const OTHER_SERVICE: WorkerConfig = {
    stream: { url: 'ws://other/ws', apiKey: 'other-key', lang: 'en', receiveType: 'json', bookmakers: ['northbet'] },
    restBaseUrl: 'http://other',
  };

  /** A hub that keeps, per client it created, the book it got, its emit, whether it started fresh and whether it stopped. */
  function recordingHub() {
    const timers: (() => void)[] = [];
    const clients: { book: LiveBook; emit: (ops: readonly BookOp[]) => void; fresh: boolean; fixtureIdsAtStart: string[]; stopped: boolean }[] = [];
    const hub = createWorkerHub({
      setTimeout: (cb) => timers.push(cb),
      createClient: (_config, book, emit, _onStatus, fresh) => {
        const record = { book, emit, fresh, fixtureIdsAtStart: [] as string[], stopped: false };
        clients.push(record);
        return {
          start: () => {
            record.fixtureIdsAtStart = book.fixtureIds();
            return Promise.resolve();
          },
          stop: () => {
            record.stopped = true;
            return Promise.resolve();
          },
          reconnectNow: () => undefined,
          status: {} as StreamStatus,
        };
      },
    });
    const tick = () => {
      for (const cb of timers.splice(0)) cb();
    };
    return { hub, tick, clients };
  }

  const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('starts the new service\'s client on an empty book, so its re-snapshot names no fixture of the old service', async () => {
    const { hub, clients } = recordingHub();
    const port: PagePort & { got: WorkerBatch[] } = { got: [], postMessage: (m) => (m.type === 'batch' ? port.got.push(m) : 0) };
    hub.connect(port);
    hub.receive(port, { type: 'configure', config: CONFIG });
    hub.receive(port, { type: 'seed', snapshot: { ...EMPTY, channels: ['fixtures'], fixtures: [fixtureView(OTHER_FIXTURE)] } });
    clients[0]?.emit([update(2, 10)]);
    expect(clients[0]?.book.fixtureIds().sort()).toEqual([OTHER_FIXTURE, FIXTURE_ID].sort());

    hub.receive(port, { type: 'service', service: { restBaseUrl: OTHER_SERVICE.restBaseUrl, apiKey: OTHER_SERVICE.stream.apiKey } });
    hub.receive(port, { type: 'configure', config: OTHER_SERVICE });
    await flushPromises();

    expect(clients[0]?.stopped).toBe(true);
    expect(clients[1]?.fixtureIdsAtStart).toEqual([]);
    expect(clients[1]?.fresh).toBe(true);
  });

  it('drops what the old service\'s client still emits after the change', async () => {
    const { hub, clients } = recordingHub();
    const port: PagePort & { got: WorkerBatch[] } = { got: [], postMessage: (m) => (m.type === 'batch' ? port.got.push(m) : 0) };
    hub.connect(port);
    hub.receive(port, { type: 'configure', config: CONFIG });
    hub.receive(port, { type: 'configure', config: OTHER_SERVICE });
    await flushPromises();
    clients[0]?.emit([update(2, 10)]);
    expect(clients[1]?.book.fixtureIds()).toEqual([]);
  });

  it('empties every page\'s book at once, before the new service is configured', () => {
    const { hub, tick } = recordingHub();
    const port: PagePort & { got: WorkerBatch[] } = { got: [], postMessage: (m) => (m.type === 'batch' ? port.got.push(m) : 0) };
    hub.connect(port);
    hub.receive(port, { type: 'configure', config: CONFIG });
    hub.receive(port, { type: 'seed', snapshot: { ...EMPTY, channels: ['fixtures'], fixtures: [fixtureView(OTHER_FIXTURE)] } });
    tick();
    hub.receive(port, { type: 'ack' });
    expect(bookOf(port).fixtureIds()).toEqual([OTHER_FIXTURE]);

    hub.receive(port, { type: 'service', service: { restBaseUrl: OTHER_SERVICE.restBaseUrl, apiKey: OTHER_SERVICE.stream.apiKey } });
    tick();
    expect(bookOf(port).fixtureIds()).toEqual([]);
  });

  it('keeps the book and the cursors when the same service is configured with other sports', async () => {
    const { hub, clients } = recordingHub();
    const port: PagePort & { got: WorkerBatch[] } = { got: [], postMessage: (m) => (m.type === 'batch' ? port.got.push(m) : 0) };
    hub.connect(port);
    hub.receive(port, { type: 'configure', config: CONFIG });
    clients[0]?.emit([update(2, 10)]);
    hub.receive(port, { type: 'service', service: { restBaseUrl: CONFIG.restBaseUrl, apiKey: CONFIG.stream.apiKey } });
    hub.receive(port, { type: 'configure', config: { ...CONFIG, stream: { ...CONFIG.stream, sportIds: [10] } } });
    await flushPromises();
    expect(clients[1]?.fixtureIdsAtStart).toEqual([FIXTURE_ID]);
    expect(clients[1]?.fresh).toBe(false);
  });
});

describe('the opportunities scan in the worker', () => {
  const SCAN_CONFIG = { fairLine: { weights: null, minBooks: 1, requiredBook: null }, method: 'multiplicative' as const, commission: {}, bettable: null, hidden: [] };
  const VIEW = { tab: 'arb' as const, sports: [], families: [], live: 'all' as const, minPercent: 0, maxAgeSec: null, maxPrice: null, sort: { id: 'profit' as const, desc: true }, offset: 0, limit: 50 };
  // a and b alone are no arbitrage (Σ 1.05, 1.007); their best prices are (Σ 0.935).
  const ARB = [oddsEntry(1, 3.2, 'a', 101), oddsEntry(1, 3.3, 'a', 102), oddsEntry(1, 2.3, 'a', 103), oddsEntry(1, 2.6, 'b', 101), oddsEntry(1, 3.6, 'b', 102), oddsEntry(1, 2.9, 'b', 103)];

  /** A page connected and acked, scanning VIEW with the 1X2 catalogue. */
  function scanningPage({ hub, tick, page }: ReturnType<typeof setup>) {
    const port = page();
    hub.connect(port);
    hub.receive(port, { type: 'configure', config: CONFIG });
    tick();
    hub.receive(port, { type: 'ack' });
    hub.receive(port, { type: 'scan', request: { config: SCAN_CONFIG, view: VIEW } });
    hub.receive(port, { type: 'scanCatalogue', markets: [MARKET_1X2] });
    return port;
  }

  it('sends a scanning page the rows of its view with its batches, with no odds interest, and stops on scan null', () => {
    const world = setup();
    const { hub, tick, emit } = world;
    const port = scanningPage(world);
    emit([{ op: 'update', frame: oddsFrame(ARB) }]);
    tick();
    const last = port.got[port.got.length - 1];
    expect(last?.opportunities?.total).toBe(1);
    expect(last?.opportunities?.tab === 'arb' ? last.opportunities.rows[0]?.legs.map((l) => l.bookmaker) : []).toEqual(['a', 'b', 'b']);
    // The page declared no interest: the odds themselves did not travel.
    expect(last?.ops.some((op) => op.op === 'update' && op.frame.channel === 'odds')).toBe(false);

    hub.receive(port, { type: 'ack' });
    hub.receive(port, { type: 'scan', request: null });
    const before = port.got.length;
    emit([{ op: 'update', frame: oddsFrame([oddsEntry(2, 3.4, 'a', 101)]) }]);
    tick();
    expect(port.got.slice(before).filter((m) => m.opportunities !== undefined)).toEqual([]);
  });

  it('leaves out a book gone overdue against its bound, with no frame arriving, and takes it back when it quotes again', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const t0 = Date.UTC(2026, 10, 28, 12);
      vi.setSystemTime(t0);
      const world = setup();
      const { hub, tick, emit, status } = world;
      const port = scanningPage(world);
      status({ phase: 'connected', resnapshotChannels: [] } as unknown as StreamStatus);
      const at = new Date(t0).toISOString();
      const metas: StreamUpdate = { channel: 'bookmakers', type: 'UPDATE', ts: t0, entryId: '1-1', payload: { fixtureId: FIXTURE_ID, bookmakers: { a: meta('a', at), b: meta('b', at) } } };
      emit([{ op: 'update', frame: metas }, { op: 'update', frame: oddsFrame(ARB.map((e) => ({ ...e, changedAt: t0 }))) }]);
      hub.receive(port, { type: 'bookmakerBounds', bookmakers: [{ bookmaker: 'b', maxDelayLiveInSec: 5, maxDelayPregameInSec: 5 }] });
      tick();
      const total = () => port.got.findLast((m) => m.opportunities !== undefined)?.opportunities?.total;
      expect(total()).toBe(1);
      // 6 s without a word from b (a has no bound: never overdue): the once-a-second check drops it.
      vi.setSystemTime(t0 + 6_000);
      // The page acks each batch; moved rows go out at most every 250 ms.
      const serve = () => {
        for (let i = 0; i < 4; i++) {
          hub.receive(port, { type: 'ack' });
          tick();
          vi.setSystemTime(Date.now() + 300);
        }
      };
      serve();
      expect(total()).toBe(0);
      // b quotes again: fresh evidence, the arbitrage is back.
      emit([{ op: 'update', frame: oddsFrame([oddsEntry(t0 + 6_000, 3.6, 'b', 102)]) }]);
      vi.setSystemTime(t0 + 7_000);
      serve();
      expect(total()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs an alert watch beside the page scan, on any page, with the catalogue a page sent before either started', () => {
    const { hub, tick, emit } = setup();
    const alertFinds: Extract<WorkerToPage, { type: 'alertFinds' }>[] = [];
    const batches: WorkerBatch[] = [];
    const port: PagePort = { postMessage: (m) => (m.type === 'alertFinds' ? alertFinds.push(m) : m.type === 'batch' ? batches.push(m) : 0) };
    hub.connect(port);
    // The catalogue first (the shell's hook sends it as it lands); no /opportunities: only the shell's alert watch.
    hub.receive(port, { type: 'scanCatalogue', markets: [MARKET_1X2] });
    hub.receive(port, { type: 'configure', config: CONFIG });
    hub.receive(port, { type: 'alertWatch', request: { config: SCAN_CONFIG, watch: { ev: null, arbitrage: { minPercent: 0.5 } } } });
    tick();
    hub.receive(port, { type: 'ack' });
    emit([{ op: 'update', frame: oddsFrame(ARB) }]);
    tick();
    expect(alertFinds[alertFinds.length - 1]?.finds.arb.map((r) => r.legs.map((l) => l.bookmaker))).toEqual([['a', 'b', 'b']]);
    expect(batches.some((b) => b.opportunities !== undefined)).toBe(false);

    // The page opens /opportunities: its rows come with its batches, the alert watch goes on.
    hub.receive(port, { type: 'scan', request: { config: SCAN_CONFIG, view: VIEW } });
    emit([{ op: 'update', frame: oddsFrame([oddsEntry(2, 3.4, 'a', 101)]) }]);
    tick();
    expect(batches[batches.length - 1]?.opportunities?.total).toBe(1);
    expect(alertFinds[alertFinds.length - 1]?.finds.arb[0]?.legs[0]?.price).toBe(3.4);
    // Leaving /opportunities leaves the alert watch alone.
    hub.receive(port, { type: 'ack' });
    hub.receive(port, { type: 'scan', request: null });
    emit([{ op: 'update', frame: oddsFrame([oddsEntry(3, 3.5, 'a', 101)]) }]);
    tick();
    expect(alertFinds[alertFinds.length - 1]?.finds.arb[0]?.legs[0]?.price).toBe(3.5);

    // A page that leaves gets nothing more.
    hub.receive(port, { type: 'bye' });
    const before = alertFinds.length;
    emit([{ op: 'update', frame: oddsFrame([oddsEntry(4, 3.6, 'a', 101)]) }]);
    tick();
    expect(alertFinds).toHaveLength(before);
  });
});
