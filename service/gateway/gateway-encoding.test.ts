// The receiveTypes over real sockets: what login_ok negotiates, the dict frames before any data
// in zstd-dict mode, and data frames that independent decoders read back into envelopes.
import { decode as decodeMsgpack } from '@msgpack/msgpack';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Decompressor } from 'zstd-napi';
import { dataFrameSchema } from '../../src/wire/schemas.ts';
import { zstdFrameDictId } from './encoding.ts';
import { loginFrame, startTestService, StreamClient, type TestService } from './test-support.ts';

let t: TestService;
let bookmakers: string[];

beforeAll(async () => {
  t = await startTestService({ GATEWAY_ZSTD: 'on' });
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
