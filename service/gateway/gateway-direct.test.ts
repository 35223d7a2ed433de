// The gateway over the real simulator and real sockets, without the HTTP app, so a test can give
// it a slow replay log (a replay that takes time, as on Redis, must not lose or repeat a live
// frame that arrives meanwhile) and a counting encoder (frames are shared, not built per socket).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { compareEntryIds, type EntryId } from '../../src/domain/entry-id.ts';
import type { Channel, DataFrame } from '../../src/wire/stream-schemas.ts';
import { indexReferenceData } from '../catalogue/reference-data.ts';
import { loadConfig } from '../config.ts';
import { loadKeyRing } from '../http/keys.ts';
import { openTestWorld, testReference, type TestWorld } from '../sim/test-support.ts';
import { createFrameEncoder, type FrameEncoder } from './encoding.ts';
import { createGateway, type Gateway } from './gateway.ts';
import { MemoryReplayLog, type ReplayRead } from './replay-log.ts';
import { simulatorSource } from './source.ts';
import { loginFrame, settle, StreamClient } from './test-support.ts';

/**
 * The in-memory log with reads answered `delayMs` late, holding what was there when asked
 * (`request`) or when answered (`answer`): a remote read can be either, and the held live frames
 * then either all follow the read or overlap it.
 */
class SlowReadLog extends MemoryReplayLog {
  reads = 0;
  snapshotAt: 'request' | 'answer' = 'request';
  constructor(private readonly delayMs: number) {
    super();
  }

  override async readAfter(channel: Channel, cursor: EntryId): Promise<ReplayRead> {
    this.reads++;
    const early = this.snapshotAt === 'request' ? await super.readAfter(channel, cursor) : null;
    await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return early ?? super.readAfter(channel, cursor);
  }
}

let world: TestWorld;
let server: http.Server;
let gateway: Gateway;
let log: SlowReadLog;
let url: string;
/** Every frame object the gateway asked to encode, per receiveType. */
const encoded = new Map<string, Set<DataFrame>>();

function countingEncoder(inner: FrameEncoder): FrameEncoder {
  return {
    negotiate: (asked) => inner.negotiate(asked),
    dictFrames: (channels) => inner.dictFrames(channels),
    encode(frame, receiveType) {
      let frames = encoded.get(receiveType);
      if (frames === undefined) {
        frames = new Set();
        encoded.set(receiveType, frames);
      }
      frames.add(frame);
      return inner.encode(frame, receiveType);
    },
  };
}

beforeAll(async () => {
  world = openTestWorld({ frozen: false });
  log = new SlowReadLog(300);
  gateway = createGateway({
    source: simulatorSource(world.sim),
    keys: loadKeyRing({ benchmarkMode: false }),
    reference: indexReferenceData(testReference()),
    settings: { ...loadConfig({}, []).gateway, drainMs: 0 },
    benchmarkMode: false,
    encoder: countingEncoder(createFrameEncoder({ zstd: false })),
    replayLog: log,
  });
  server = http.createServer((_request, response) => {
    response.statusCode = 404;
    response.end();
  });
  server.on('upgrade', (request: http.IncomingMessage, socket, head: Buffer) => {
    gateway.handleUpgrade(request, socket, head);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${String((server.address() as AddressInfo).port)}/ws`;
  world.sim.advance(2_000);
}, 120_000);

afterAll(async () => {
  await gateway.close();
  await new Promise((resolve) => server.close(resolve));
  world.dispose();
});

it.each(['request', 'answer'] as const)('holds the live frames that arrive during a slow replay and sends each once (read as at %s)', async (snapshotAt) => {
  log.snapshotAt = snapshotAt;
  log.reads = 0;
  const stayed = await StreamClient.login(url, loginFrame('demo-key', { channels: ['clocks'] }));
  const leaver = await StreamClient.login(url, loginFrame('demo-key', { channels: ['clocks'] }));
  await Promise.all([stayed.control('login_ok'), leaver.control('login_ok')]);
  world.sim.advance(2_000);
  await settle();
  const cursor = leaver.data.at(-1)?.entryId;
  expect(cursor).toBeDefined();
  leaver.close();
  await leaver.closed;
  world.sim.advance(2_000);

  const resumed = await StreamClient.login(
    url,
    loginFrame('demo-key', { channels: ['clocks'], serverEpoch: gateway.serverEpoch, lastSeenId: { clocks: cursor } }),
  );
  await resumed.until(() => log.reads > 0, 2_000, 'the replay read to start');
  // The read is in flight: the frames of these ticks must reach the client once, in order.
  const heldFrom = log.latestCursor('clocks') ?? '';
  world.sim.advance(2_000);
  const heldTo = log.latestCursor('clocks') ?? '';
  await resumed.control('resume_complete');
  world.sim.advance(1_000);
  await settle(100);
  const held = stayed.data.filter((f) => compareEntryIds(f.entryId, heldFrom) > 0 && compareEntryIds(f.entryId, heldTo) <= 0);
  expect(held.length).toBeGreaterThan(0);

  const expected = stayed.data.filter((f: DataFrame) => compareEntryIds(f.entryId, cursor ?? '') > 0);
  expect(resumed.data).toEqual(expected);
  const complete = resumed.received.findIndex((r) => r.kind === 'control' && r.frame.type === 'resume_complete');
  const afterComplete = resumed.received.slice(complete + 1).flatMap((r) => (r.kind === 'data' ? [r.frame] : []));
  // Read as at request: the held frames follow resume_complete. As at answer: the replay carried
  // them already, and the hold must not send them again.
  expect(afterComplete.slice(0, snapshotAt === 'request' ? held.length : 0)).toEqual(snapshotAt === 'request' ? held : []);
  if (snapshotAt === 'answer') expect(afterComplete.some((f) => compareEntryIds(f.entryId, heldTo) <= 0)).toBe(false);
  stayed.close();
  resumed.close();
  await Promise.all([stayed.closed, resumed.closed]);
  await settle();
});

it('builds one frame object per message and subscription shape, shared by every socket of that shape', async () => {
  const login = loginFrame('demo-key', { channels: ['odds', 'clocks'], bookmakers: ['pinnacle', 'bet365'] });
  const clients = await Promise.all([1, 2, 3].map(() => StreamClient.login(url, login)));
  const other = await StreamClient.login(url, loginFrame('demo-key', { channels: ['odds', 'clocks'], bookmakers: ['pinnacle'] }));
  await Promise.all([...clients, other].map((c) => c.control('login_ok')));
  encoded.clear();
  world.sim.advance(3_000);
  await settle(100);
  const first = clients[0];
  expect(first?.data.length).toBeGreaterThan(10);
  for (const client of clients) expect(client.data).toEqual(first?.data);
  // Three sockets of one shape and one of another: the shared frames plus the other shape's own
  // (the pinnacle-only shape shares the untrimmed clocks and pinnacle odds frames too).
  const distinct = encoded.get('json')?.size ?? 0;
  expect(distinct).toBeLessThanOrEqual((first?.data.length ?? 0) + other.data.length);
  expect(distinct).toBeGreaterThanOrEqual(first?.data.length ?? 0);
  for (const client of [...clients, other]) client.close();
});
