import { describe, expect, it, vi } from 'vitest';
import type { BookOp } from '../book/book.ts';
import { LiveBook } from '../book/book.ts';
import { oddsEntry, oddsFrame, oddsIdOf } from '../book/book-test-data.ts';
import type { WorkerConfig, WorkerToPage } from './messages.ts';
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
  const page = (): PagePort & { got: WorkerToPage[] } => {
    const got: WorkerToPage[] = [];
    return { got, postMessage: (m) => got.push(m) };
  };
  return { hub, tick, page, created, emit: (ops: readonly BookOp[]) => emit?.(ops), status: (s: StreamStatus) => onStatus?.(s) };
}

const update = (price: number, changedAt: number): BookOp => ({ op: 'update', frame: oddsFrame([oddsEntry(changedAt, price)]) });

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
    tick();
    emit([update(2, 10)]);
    tick();
    expect(a.got).toHaveLength(1);
    hub.receive(a, { type: 'ack' });
    tick();
    expect(a.got).toHaveLength(2);
    expect(a.got[1]?.ops).toHaveLength(1);
  });

  it('gives a page that joins late everything the stream already delivered', () => {
    const { hub, page, tick, emit } = setup();
    const a = page();
    hub.connect(a);
    hub.receive(a, { type: 'configure', config: CONFIG });
    emit([update(2.5, 10)]);
    tick();
    const late = page();
    hub.connect(late);
    tick();
    const book = new LiveBook();
    for (const m of late.got) book.apply(m.ops);
    expect(book.getOdds(oddsIdOf())?.price).toBe(2.5);
  });

  it('replaces the backlog of a page that stopped acknowledging by one full dump', () => {
    const { hub, page, tick, emit } = setup(3);
    const a = page();
    hub.connect(a);
    hub.receive(a, { type: 'configure', config: CONFIG });
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
});
