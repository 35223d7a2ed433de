// The receiveTypes over real sockets: what login_ok negotiates, the dict frames before any data
// in zstd-dict mode, and data frames that independent decoders read back into envelopes.
import { decode as decodeMsgpack } from '@msgpack/msgpack';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Decompressor } from 'zstd-napi';
import { dataFrameSchema } from '../../src/wire/stream-schemas.ts';
import { zstdFrameDictId } from './encoding.ts';
import { loginFrame, startStreamTestService, StreamClient, type TestService } from './test-support.ts';

let t: TestService;
let bookmakers: string[];

beforeAll(async () => {
  t = await startStreamTestService({ GATEWAY_ZSTD: 'on' });
  bookmakers = t.service.simulator.books.map((b) => b.bookmaker);
  await t.advance(2_000);
}, 120_000);

afterAll(async () => {
  await t.dispose();
});

async function binaryFrames(receiveType: string): Promise<{ client: StreamClient; frames: Buffer[] }> {
  const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['odds', 'bookmakers', 'clocks'], receiveType }));
  expect((await client.control('login_ok')).receiveType).toBe(receiveType);
  await t.advance(3_000);
  const frames = client.received.flatMap((r) => (r.kind === 'binary' ? [r.bytes] : []));
  expect(frames.length).toBeGreaterThan(0);
  expect(client.data).toEqual([]);
  return { client, frames };
}

it('sends binary frames that a standard MessagePack decoder reads as envelopes', async () => {
  const { client, frames } = await binaryFrames('binary');
  for (const bytes of frames) expect(dataFrameSchema.safeParse(decodeMsgpack(bytes)).success).toBe(true);
  client.close();
});

/** A number as it travels: where it sits in the frame, its MessagePack type byte, its value. */
interface WireNumber {
  readonly path: string;
  readonly typeByte: number;
  readonly value: number;
}

/**
 * Reads MessagePack bytes with no library (so not with the encoder under test) and lists every
 * number with its path and type byte. Covers what a data frame can hold: maps, arrays, strings,
 * nil, booleans, ints and floats; anything else fails the test.
 */
function wireNumbers(bytes: Buffer): WireNumber[] {
  const numbers: WireNumber[] = [];
  let at = 0;
  const length = (size: number): number => {
    const n = size === 1 ? bytes.readUInt8(at) : size === 2 ? bytes.readUInt16BE(at) : bytes.readUInt32BE(at);
    at += size;
    return n;
  };
  const text = (n: number): string => {
    at += n;
    return bytes.toString('utf8', at - n, at);
  };
  const number = (path: string, typeByte: number, size: number, read: (offset: number) => number): number => {
    const value = read(at);
    at += size;
    numbers.push({ path, typeByte, value });
    return value;
  };
  const read = (path: string): unknown => {
    const type = bytes.readUInt8(at++);
    if (type <= 0x7f || type >= 0xe0) return number(path, type, 0, () => (type <= 0x7f ? type : type - 0x100));
    if (type <= 0x8f) return readMap(path, type & 0x0f);
    if (type <= 0x9f) return readArray(path, type & 0x0f);
    if (type <= 0xbf) return text(type & 0x1f);
    const read64 = (signed: boolean) => (offset: number) => Number(signed ? bytes.readBigInt64BE(offset) : bytes.readBigUInt64BE(offset));
    switch (type) {
      case 0xc0: return null;
      case 0xc2: return false;
      case 0xc3: return true;
      case 0xca: return number(path, type, 4, (o) => bytes.readFloatBE(o));
      case 0xcb: return number(path, type, 8, (o) => bytes.readDoubleBE(o));
      case 0xcc: return number(path, type, 1, (o) => bytes.readUInt8(o));
      case 0xcd: return number(path, type, 2, (o) => bytes.readUInt16BE(o));
      case 0xce: return number(path, type, 4, (o) => bytes.readUInt32BE(o));
      case 0xcf: return number(path, type, 8, read64(false));
      case 0xd0: return number(path, type, 1, (o) => bytes.readInt8(o));
      case 0xd1: return number(path, type, 2, (o) => bytes.readInt16BE(o));
      case 0xd2: return number(path, type, 4, (o) => bytes.readInt32BE(o));
      case 0xd3: return number(path, type, 8, read64(true));
      case 0xd9: return text(length(1));
      case 0xda: return text(length(2));
      case 0xdb: return text(length(4));
      case 0xdc: return readArray(path, length(2));
      case 0xdd: return readArray(path, length(4));
      case 0xde: return readMap(path, length(2));
      case 0xdf: return readMap(path, length(4));
      default: throw new Error(`unexpected MessagePack type 0x${type.toString(16)} at ${path}`);
    }
  };
  const readArray = (path: string, n: number): unknown[] => Array.from({ length: n }, (_, i) => read(`${path}[${String(i)}]`));
  const readMap = (path: string, n: number): Record<string, unknown> => {
    const map: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      const key = String(read(`${path}{key}`));
      map[key] = read(`${path}.${key}`);
    }
    return map;
  };
  read('');
  expect(at).toBe(bytes.length);
  return numbers;
}

/** The MessagePack int families: positive and negative fixint, uint8–64, int8–64. */
const isIntegerType = (typeByte: number): boolean => typeByte <= 0x7f || typeByte >= 0xe0 || (typeByte >= 0xcc && typeByte <= 0xd3);
const hex = (typeByte: number): string => `0x${typeByte.toString(16)}`;

it('sends ts, every changedAt and every other integer as MessagePack integers, never as floats', async () => {
  const { client, frames } = await binaryFrames('binary');
  const numbers = frames.flatMap((bytes) => {
    const listed = wireNumbers(bytes);
    // The second, library decoder reads the same ts as a plain number.
    const ts = listed.find((n) => n.path === '.ts');
    expect(ts?.value).toBe((decodeMsgpack(bytes) as { ts: unknown }).ts);
    return listed;
  });
  const times = numbers.filter((n) => n.path === '.ts' || n.path.endsWith('.changedAt'));
  expect(times.filter((n) => n.path === '.ts')).toHaveLength(frames.length);
  expect(times.some((n) => n.path.endsWith('.changedAt'))).toBe(true);
  // Epoch ms are past 2^32, so they need the 64-bit forms: uint64 (0xcf) or int64 (0xd3).
  expect(times.filter((n) => n.typeByte !== 0xcf && n.typeByte !== 0xd3).map((n) => `${n.path}: ${hex(n.typeByte)}`)).toEqual([]);
  const floatIntegers = numbers.filter((n) => Number.isInteger(n.value) && !isIntegerType(n.typeByte));
  expect(floatIntegers.map((n) => `${n.path}: ${hex(n.typeByte)} ${String(n.value)}`)).toEqual([]);
  client.close();
});

it('sends standalone dictless zstd frames in zstd mode, and no dict frame', async () => {
  const { client, frames } = await binaryFrames('zstd');
  expect(client.controls.some((c) => c.type === 'dict')).toBe(false);
  const decompressor = new Decompressor();
  for (const bytes of frames) {
    expect(zstdFrameDictId(bytes)).toBe(0);
    expect(dataFrameSchema.safeParse(JSON.parse(decompressor.decompress(bytes).toString('utf8'))).success).toBe(true);
  }
  client.close();
});

it('pushes the dict frames right after login_ok, before any data, and each frame decodes by its dictId', async () => {
  const { client, frames } = await binaryFrames('zstd-dict');
  const firstBinary = client.received.findIndex((r) => r.kind === 'binary');
  const dicts = client.received.slice(0, firstBinary).flatMap((r) => (r.kind === 'control' && r.frame.type === 'dict' ? [r.frame] : []));
  expect(client.received[0]).toMatchObject({ kind: 'control', frame: { type: 'login_ok' } });
  expect(dicts.map((d) => d.channel)).toEqual(expect.arrayContaining(['odds', 'bookmakers']));
  const byId = new Map<number, Decompressor>();
  for (const dict of dicts) {
    const decompressor = new Decompressor();
    decompressor.loadDictionary(Buffer.from(dict.data, 'base64'));
    byId.set(dict.dictId, decompressor);
  }
  byId.set(0, new Decompressor());
  let withDictionary = 0;
  for (const bytes of frames) {
    const dictId = zstdFrameDictId(bytes);
    if (dictId !== 0) withDictionary++;
    const decompressor = byId.get(dictId);
    expect(decompressor).toBeDefined();
    expect(dataFrameSchema.safeParse(JSON.parse(decompressor?.decompress(bytes).toString('utf8') ?? 'null')).success).toBe(true);
  }
  expect(withDictionary).toBeGreaterThan(0);
  client.close();
});
