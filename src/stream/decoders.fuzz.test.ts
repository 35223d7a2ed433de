// Fuzzing of the client's frame decoding through the real stream client and the real book: random
// bytes, truncated zstd, a wrong dictId, MessagePack and JSON of the wrong shape, in every
// negotiated receiveType. A malformed frame never throws out of the socket handler, is counted,
// leaves the book and the cursor as they were; a frame with unknown fields is applied as it says.
import { decode as msgpackDecode, encode as msgpackEncode } from '@msgpack/msgpack';
import { Compressor, Decompressor } from 'zstd-napi';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiveBook, type BookSnapshot } from '../book/book.ts';
import { oddsEntry, oddsFrame, oddsIdOf, FIXTURE_ID } from '../book/book-test-data.ts';
import { controlFrameSchema, streamUpdateSchema, type ReceiveType, type StreamUpdate } from '../wire/stream-schemas.ts';
import { base64ToBytes } from './base64.ts';
import { createFrameDecoder, decodeText } from './decoders.ts';
import { memoryCursorStore } from './cursor-store.ts';
import { createStreamClient, type StreamClient, type WebSocketLike } from './stream-client.ts';
import { TEST_DICT_BASE64, TEST_DICT_ID } from './test-dictionary.ts';

const dictionary = base64ToBytes(TEST_DICT_BASE64);
/** A dictId the client is told about but with other content: frames patched to it decode with the wrong dictionary. */
const OTHER_DICT_ID = 4243;
const OTHER_DICT = new Uint8Array(2048).map((_, i) => (i * 31 + 7) & 0xff);

// The gateway's side is played by the Node binding (zstd-napi), an encoder independent of the
// client's decoders; the client's wasm decoder is initialised only by the client's own loader.
const plainCompressor = new Compressor();
plainCompressor.setParameters({ compressionLevel: 3 });
const dictCompressor = new Compressor();
dictCompressor.setParameters({ compressionLevel: 3 });
dictCompressor.loadDictionary(dictionary);
const plainDecompressor = new Decompressor();
const dictDecompressor = new Decompressor();
dictDecompressor.loadDictionary(dictionary);

/** An in-memory socket: the client's injection point; `deliver` is what the browser's event loop does. */
class MemorySocket implements WebSocketLike {
  static last: MemorySocket | null = null;
  binaryType = 'arraybuffer';
  readyState = 1;
  readonly sent: string[] = [];
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  /** Whatever the client's handler threw (it must stay empty). */
  readonly thrown: unknown[] = [];

  constructor(readonly url: string) {
    MemorySocket.last = this;
    queueMicrotask(() => this.onopen?.({}));
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(code = 1000, reason = ''): void {
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code, reason }));
  }

  deliver(data: string | Uint8Array): void {
    try {
      this.onmessage?.({ data });
    } catch (error) {
      this.thrown.push(error);
    }
  }
}

const EMPTY: BookSnapshot = { channels: [], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [], odds: [], futuresOdds: [] };
const never = { setTimeout: () => 0, clearTimeout: () => undefined };

async function until(predicate: () => boolean, what: string, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

const textEncoder = new TextEncoder();

/** A data frame as the gateway sends it in `mode`. */
function encodeFrame(frame: unknown, mode: ReceiveType): string | Uint8Array {
  const json = JSON.stringify(frame);
  switch (mode) {
    case 'json':
      return json;
    case 'binary':
      return msgpackEncode(frame);
    case 'zstd':
      return new Uint8Array(plainCompressor.compress(textEncoder.encode(json)));
    case 'zstd-dict':
      return new Uint8Array(dictCompressor.compress(textEncoder.encode(json)));
    default: {
      const unknownMode: never = mode;
      throw new Error(`unknown mode ${String(unknownMode)}`);
    }
  }
}

interface Harness {
  readonly client: StreamClient;
  readonly socket: MemorySocket;
  readonly book: LiveBook;
  /** The book's content as text, to compare before and after. */
  readonly state: () => string;
  /** The cursors the client persists on stop. */
  readonly cursors: () => Promise<Record<string, string> | null>;
}

/** A client logged in with `mode`, re-snapshotted, holding one baseline price applied from the stream. */
async function connected(mode: ReceiveType): Promise<Harness> {
  const book = new LiveBook({ now: () => 1_000 });
  const store = memoryCursorStore();
  const client = createStreamClient({
    settings: { url: 'ws://memory/ws', apiKey: 'demo-key', lang: 'en', receiveType: mode, bookmakers: ['pinnacle'] },
    WebSocket: MemorySocket,
    cursors: store,
    snapshots: { fetch: (request) => Promise.resolve({ ...EMPTY, channels: request.channels }) },
    scope: () => ({ fixtureIds: book.fixtureIds(), futureIds: book.futureIds() }),
    emit: (ops) => {
      book.apply(ops);
      book.flush();
    },
    timers: never,
  });
  await client.start();
  await until(() => MemorySocket.last?.sent.length === 1, 'the login frame');
  const socket = MemorySocket.last;
  if (socket === null) throw new Error('no socket');
  socket.deliver(
    JSON.stringify({
      type: 'login_ok',
      access: { live: true, pregame: true },
      channels: ['fixtures', 'scores', 'odds', 'bookmakers', 'oddsFutures'],
      receiveType: mode,
      resume: { serverEpoch: 'ab12', resumeWindowMs: 60000, replayChannels: ['fixtures', 'scores', 'odds'], serverEntryIds: {} },
    }),
  );
  if (mode === 'zstd-dict') {
    socket.deliver(JSON.stringify({ type: 'dict', channel: 'odds', dictId: TEST_DICT_ID, dictVersion: 1, data: TEST_DICT_BASE64 }));
    socket.deliver(JSON.stringify({ type: 'dict', channel: 'fixtures', dictId: OTHER_DICT_ID, dictVersion: 1, data: Buffer.from(OTHER_DICT).toString('base64') }));
  }
  await until(() => client.status.phase === 'connected', 'the re-snapshot after login_ok');
  const baseline = oddsFrame([oddsEntry(500, 1.91), oddsEntry(500, 2.05, 'pinnacle', 102)]);
  socket.deliver(encodeFrame({ ...baseline, entryId: '500-1' }, mode));
  // zstd-dict: the wasm decoder may still be loading; the client queues frames until it is ready.
  await until(() => book.getOdds(oddsIdOf(101)) !== undefined, `the baseline price (${JSON.stringify(client.status)})`);
  expect(book.getOdds(oddsIdOf(101))?.price).toBe(1.91);
  return {
    client,
    socket,
    book,
    state: () => JSON.stringify(book.dump()),
    cursors: async () => {
      await client.stop();
      return (await store.load())?.lastSeenId ?? null;
    },
  };
}

/** Decodes bytes as the gateway meant them, with independent decoders (undefined: they do not decode). */
function referenceDecode(mode: ReceiveType, bytes: Uint8Array): { ok: true; value: unknown } | { ok: false } {
  try {
    // Not fatal: the client's TextDecoder replaces bad UTF-8 too, which can leave a valid frame.
    const fatal = new TextDecoder();
    switch (mode) {
      case 'json':
        return { ok: true, value: JSON.parse(fatal.decode(bytes)) as unknown };
      case 'binary':
        return { ok: true, value: msgpackDecode(bytes) };
      case 'zstd':
        return { ok: true, value: JSON.parse(fatal.decode(plainDecompressor.decompress(bytes))) as unknown };
      case 'zstd-dict':
        return { ok: true, value: JSON.parse(fatal.decode(dictDecompressor.decompress(bytes))) as unknown };
      default:
        return { ok: false };
    }
  } catch {
    return { ok: false };
  }
}

/** Values that are neither a valid data frame nor a valid control frame (the client would act on those). */
function isMalformedValue(value: unknown): boolean {
  return !streamUpdateSchema.safeParse(value).success && !controlFrameSchema.safeParse(value).success;
}

/** A plausible frame with one part of the wrong shape: what a buggy gateway or a bit flip produces. */
function wrongShape(): fc.Arbitrary<unknown> {
  const valid = oddsFrame([oddsEntry(900, 3.3)]) as unknown as Record<string, unknown>;
  const payload = valid.payload as Record<string, unknown>;
  const entryPath = (v: unknown) => ({ ...valid, payload: { ...payload, odds: { pinnacle: { [oddsIdOf(101)]: v } } } });
  const junk = fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }));
  return fc.oneof(
    fc.anything(),
    fc.tuple(fc.constantFrom('channel', 'type', 'ts', 'entryId', 'payload'), junk).map(([k, v]) => ({ ...valid, [k]: v })),
    fc.constantFrom('channel', 'type', 'ts', 'entryId', 'payload').map((k) => Object.fromEntries(Object.entries(valid).filter(([key]) => key !== k))),
    fc.tuple(fc.constantFrom('fixtureId', 'odds'), junk).map(([k, v]) => ({ ...valid, payload: { ...payload, [k]: v } })),
    fc.tuple(fc.constantFrom('price', 'changedAt', 'active', 'bookmaker', 'outcomeId', 'marketId'), junk).map(([k, v]) => entryPath({ ...oddsEntry(900, 3.3), [k]: v })),
    junk.map((v) => entryPath(v)),
    fc.constantFrom('fixtures', 'scores', 'clocks', 'bookmakers', 'oddsFutures', 'stats', 'nope').map((channel) => ({ ...valid, channel })),
    fc.constantFrom('login_ok', 'dict', 'snapshot_required', 'reconnect', 'resume_complete', 'error', 'UPDATE').chain((type) =>
      fc.dictionary(fc.constantFrom('channels', 'reason', 'dictId', 'data', 'code', 'serverEpoch'), junk, { maxKeys: 3 }).map((rest) => ({ type, ...rest })),
    ),
  );
}

const MODES: readonly ReceiveType[] = ['json', 'binary', 'zstd', 'zstd-dict'];

describe.each(MODES)('decoding %s frames', (mode) => {
  it('counts random bytes as malformed and leaves the book and the cursor alone', async () => {
    const h = await connected(mode);
    const before = h.state();
    let sent = 0;
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const count = h.client.status.malformedFrames;
        // Random bytes could, once in a very long while, be valid JSON of a valid frame: not malformed then.
        let value: unknown = undefined;
        try {
          value = JSON.parse(new TextDecoder().decode(bytes));
        } catch {
          // not JSON: certainly malformed
        }
        fc.pre(value === undefined || isMalformedValue(value));
        h.socket.deliver(bytes);
        sent++;
        expect(h.client.status.malformedFrames).toBe(count + 1);
      }),
      { numRuns: 300 },
    );
    expect(h.socket.thrown).toEqual([]);
    expect(h.state()).toBe(before);
    expect(sent).toBeGreaterThan(250);
    expect(await h.cursors()).toEqual({ odds: '500-1' });
  });

  it('counts a truncated or bit-flipped encoding of a valid frame as malformed, or finds in it the very frame it already has', async () => {
    const h = await connected(mode);
    const frame = { ...oddsFrame([oddsEntry(900, 4.4)]), entryId: '900-1' };
    const whole = encodeFrame(frame, mode);
    const bytes = typeof whole === 'string' ? textEncoder.encode(whole) : whole;
    // The intact frame first: a mangled copy may still decode to it (a zstd frame carries no
    // content checksum, so setting its checksum flag is invisible to a decoder that skips the
    // checksum, while the reference decoder wants the missing bytes). Accepting the very frame
    // the book already holds changes nothing; any other outcome must be counted as malformed.
    h.socket.deliver(whole);
    const before = h.state();
    // What the client's own decoder makes of a mangled copy (to tell "the same frame" apart).
    const own = await createFrameDecoder(mode);
    own.addDictionary(TEST_DICT_ID, dictionary);
    const ownDecode = (mangled: Uint8Array): unknown => {
      try {
        return typeof whole === 'string' ? decodeText(new TextDecoder().decode(mangled)) : own.decodeBinary(mangled);
      } catch {
        return undefined;
      }
    };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length - 1 }), fc.option(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 255 }))), (cut, flip) => {
        const count = h.client.status.malformedFrames;
        const mangled = bytes.slice(0, flip === null ? cut : bytes.length);
        if (flip !== null) {
          const at = flip[0] % mangled.length;
          mangled[at] = (mangled[at] ?? 0) ^ flip[1];
        }
        // A flip inside a number or a literal may still give a valid frame: that one is not malformed.
        const decoded = referenceDecode(mode, mangled);
        const decodesValid = decoded.ok && !isMalformedValue(decoded.value);
        fc.pre(!decodesValid);
        h.socket.deliver(typeof whole === 'string' ? new TextDecoder().decode(mangled) : mangled);
        if (isDeepStrictEqual(ownDecode(mangled), frame)) {
          // The very frame the book holds: nothing changes, nothing is malformed.
          expect(h.client.status.malformedFrames).toBe(count);
          expect(h.state()).toBe(before);
        } else {
          expect(h.client.status.malformedFrames).toBe(count + 1);
        }
      }),
      { numRuns: 200 },
    );
    expect(h.socket.thrown).toEqual([]);
    expect(h.state()).toBe(before);
    // The decoder survived: the next valid frame is applied.
    h.socket.deliver(encodeFrame({ ...oddsFrame([oddsEntry(950, 6.6)]), entryId: '950-1' }, mode));
    expect(h.book.getOdds(oddsIdOf(101))?.price).toBe(6.6);
  });

  it('counts a frame of the wrong shape as malformed', async () => {
    const h = await connected(mode);
    const before = h.state();
    fc.assert(
      fc.property(wrongShape(), (value) => {
        fc.pre(isMalformedValue(value));
        // JSON cannot carry undefined, NaN or -0 faithfully: compare what the wire carries.
        let wire: unknown;
        try {
          // JSON.stringify gives undefined for undefined and functions, though its type says string.
          wire = value === undefined || typeof value === 'function' ? null : JSON.parse(JSON.stringify(value));
        } catch {
          return;
        }
        fc.pre(isMalformedValue(wire));
        const count = h.client.status.malformedFrames;
        h.socket.deliver(mode === 'json' ? JSON.stringify(wire) : encodeFrame(wire, mode));
        expect(h.client.status.malformedFrames).toBe(count + 1);
      }),
      { numRuns: 300 },
    );
    expect(h.socket.thrown).toEqual([]);
    expect(h.state()).toBe(before);
    expect(await h.cursors()).toEqual({ odds: '500-1' });
  });

  it('applies a frame with unknown fields exactly as the frame without them', async () => {
    const h = await connected(mode);
    let n = 1;
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['channel', 'type', 'ts', 'entryId', 'payload'].includes(k)), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !['fixtureId', 'odds'].includes(k)), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
        fc.dictionary(fc.constantFrom('novel', 'x-extra', 'bookmakerNote', 'v6Field'), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
        fc.double({ min: 1.01, max: 1000, noNaN: true }),
        (envelopeExtra, payloadExtra, entryExtra, price) => {
          n++;
          const entry = { ...oddsEntry(1000 + n, price), ...entryExtra };
          const frame = oddsFrame([entry]) as unknown as { payload: Record<string, unknown> };
          const wire = { ...frame, ...envelopeExtra, entryId: `${String(1000 + n)}-0`, payload: { ...frame.payload, ...payloadExtra } };
          const count = h.client.status.malformedFrames;
          h.socket.deliver(encodeFrame(wire, mode));
          expect(h.client.status.malformedFrames).toBe(count);
          expect(h.book.getOdds(oddsIdOf(101))?.price).toBe(price);
          expect(h.book.getOdds(oddsIdOf(101))?.changedAt).toBe(1000 + n);
          // The other price of the fixture is untouched.
          expect(h.book.getOdds(oddsIdOf(102))?.price).toBe(2.05);
        },
      ),
      { numRuns: 150 },
    );
    expect(h.socket.thrown).toEqual([]);
    expect(Object.keys(h.book.fixtureOdds(FIXTURE_ID).pinnacle ?? {}).sort()).toEqual([oddsIdOf(101), oddsIdOf(102)].sort());
  });

  it('never lets a __proto__ key from a frame reach a prototype', async () => {
    const h = await connected(mode);
    const hostile = [
      `{"channel":"odds","type":"UPDATE","ts":1,"entryId":"2000-1","payload":{"fixtureId":"${FIXTURE_ID}","odds":{"__proto__":{"polluted":${JSON.stringify(oddsEntry(2000, 9))}}}}}`,
      `{"channel":"odds","type":"UPDATE","ts":1,"entryId":"2000-2","__proto__":{"polluted":true},"payload":{"fixtureId":"${FIXTURE_ID}","odds":{"pinnacle":{"__proto__":${JSON.stringify(oddsEntry(2000, 9))}}}}}`,
      `{"channel":"odds","type":"UPDATE","ts":1,"entryId":"2000-3","payload":{"fixtureId":"${FIXTURE_ID}","constructor":{"prototype":{"polluted":true}},"odds":{}}}`,
    ];
    for (const text of hostile) {
      const value = JSON.parse(text) as unknown;
      h.socket.deliver(mode === 'json' ? text : encodeFrame(value, mode));
    }
    expect(h.socket.thrown).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(h.book.getOdds(oddsIdOf(101))?.price).toBe(1.91);
  });
});

describe('decoding zstd-dict frames by dictId', () => {
  const frame: StreamUpdate = { ...oddsFrame([oddsEntry(900, 5.5)]), entryId: '900-1' };

  /** The frame compressed with the test dictionary, its header's dictId rewritten to `dictId`. */
  function withDictId(dictId: number): Uint8Array {
    const bytes = encodeFrame(frame, 'zstd-dict') as Uint8Array;
    // The header of a frame made with a dictionary: descriptor byte 4; dictId field of 1, 2 or 4 bytes.
    const descriptor = bytes[4] ?? 0;
    const size = [0, 1, 2, 4][descriptor & 3] ?? 0;
    const at = 5 + ((descriptor & 0x20) !== 0 ? 0 : 1);
    const out = bytes.slice();
    for (let i = 0; i < size; i++) out[at + i] = (dictId >>> (8 * i)) & 0xff;
    return out;
  }

  it('counts a frame naming a dictionary that never came as malformed', async () => {
    const h = await connected('zstd-dict');
    const before = h.state();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xffff }).filter((id) => id !== TEST_DICT_ID && id !== OTHER_DICT_ID), (dictId) => {
        const count = h.client.status.malformedFrames;
        h.socket.deliver(withDictId(dictId));
        expect(h.client.status.malformedFrames).toBe(count + 1);
      }),
      { numRuns: 100 },
    );
    expect(h.socket.thrown).toEqual([]);
    expect(h.state()).toBe(before);
  });

  it('counts a frame decoded with the wrong dictionary as malformed', async () => {
    const h = await connected('zstd-dict');
    const before = h.state();
    const count = h.client.status.malformedFrames;
    h.socket.deliver(withDictId(OTHER_DICT_ID));
    expect(h.client.status.malformedFrames).toBe(count + 1);
    expect(h.socket.thrown).toEqual([]);
    expect(h.state()).toBe(before);
  });

  it('counts a frame declaring a 2 GB content size as malformed and keeps decoding', async () => {
    const h = await connected('zstd-dict');
    const count = h.client.status.malformedFrames;
    // Magic, descriptor: 4-byte content size (FCS flag 2), single segment, 2-byte dictId; then dictId 4242, size 0x7fffffff.
    const header = [0x28, 0xb5, 0x2f, 0xfd, 0xa2, TEST_DICT_ID & 0xff, TEST_DICT_ID >>> 8, 0xff, 0xff, 0xff, 0x7f];
    h.socket.deliver(new Uint8Array([...header, 0x01, 0x00, 0x00]));
    expect(h.client.status.malformedFrames).toBe(count + 1);
    h.socket.deliver(encodeFrame(frame, 'zstd-dict'));
    expect(h.book.getOdds(oddsIdOf(101))?.price).toBe(5.5);
    expect(h.socket.thrown).toEqual([]);
  });

  it('counts a dictionary frame in zstd mode as malformed: fzstd has no dictionaries', async () => {
    const h = await connected('zstd');
    const before = h.state();
    const count = h.client.status.malformedFrames;
    h.socket.deliver(encodeFrame(frame, 'zstd-dict'));
    expect(h.client.status.malformedFrames).toBe(count + 1);
    expect(h.state()).toBe(before);
  });

  it('counts a dict control frame whose data is not base64 as malformed and keeps decoding', async () => {
    const h = await connected('zstd-dict');
    const count = h.client.status.malformedFrames;
    h.socket.deliver(JSON.stringify({ type: 'dict', channel: 'odds', dictId: 99, dictVersion: 1, data: '***' }));
    expect(h.client.status.malformedFrames).toBe(count + 1);
    h.socket.deliver(encodeFrame(frame, 'zstd-dict'));
    expect(h.book.getOdds(oddsIdOf(101))?.price).toBe(5.5);
    expect(h.socket.thrown).toEqual([]);
  });
});
