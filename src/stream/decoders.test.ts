import { encode } from '@msgpack/msgpack';
import * as zstd from '@bokuweb/zstd-wasm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { base64ToBytes } from './base64.ts';
import { createFrameDecoder, decodeText, FrameDecodeError, readZstdDictId, type DictDecompressor } from './decoders.ts';
import { TEST_DICT_BASE64, TEST_DICT_ID } from './test-dictionary.ts';

const frame = {
  channel: 'odds',
  type: 'UPDATE',
  ts: 1_763_800_000_123,
  entryId: '1763800000123-7',
  payload: { fixtureId: 'sr10000001x1', odds: { pinnacle: { 'sr10000001x1:pinnacle:101:0': { price: 2.05, changedAt: 1_763_800_000_100 } } } },
};
const jsonBytes = new TextEncoder().encode(JSON.stringify(frame));
const dictionary = base64ToBytes(TEST_DICT_BASE64);

beforeAll(async () => {
  await zstd.init();
});

describe('readZstdDictId', () => {
  it('reads the dictId a frame was compressed with', () => {
    const cctx = zstd.createCCtx();
    expect(readZstdDictId(zstd.compressUsingDict(cctx, jsonBytes, dictionary, 3))).toBe(TEST_DICT_ID);
  });
  it('reads 0 for a frame without dictionary', () => {
    expect(readZstdDictId(zstd.compress(jsonBytes, 3))).toBe(0);
  });
  it('refuses bytes that are not a zstd frame', () => {
    expect(() => readZstdDictId(jsonBytes)).toThrow(FrameDecodeError);
  });
});

describe('createFrameDecoder', () => {
  it('decodes a json frame sent as bytes', async () => {
    const decoder = await createFrameDecoder('json');
    expect(decoder.decodeBinary(jsonBytes)).toEqual(frame);
  });
  it('decodes standard MessagePack from an independent encoder, 64-bit timestamps included', async () => {
    const decoder = await createFrameDecoder('binary');
    expect(decoder.decodeBinary(encode(frame))).toEqual(frame);
  });
  it('decodes a standalone zstd frame', async () => {
    const decoder = await createFrameDecoder('zstd');
    expect(decoder.decodeBinary(zstd.compress(jsonBytes, 3))).toEqual(frame);
  });
  it('decodes a zstd-dict frame with the dictionary of its dictId', async () => {
    const decoder = await createFrameDecoder('zstd-dict');
    decoder.addDictionary(TEST_DICT_ID, dictionary);
    expect(decoder.decodeBinary(zstd.compressUsingDict(zstd.createCCtx(), jsonBytes, dictionary, 3))).toEqual(frame);
  });
  it('decodes a dictless frame in zstd-dict mode', async () => {
    const decoder = await createFrameDecoder('zstd-dict');
    expect(decoder.decodeBinary(zstd.compress(jsonBytes, 3))).toEqual(frame);
  });
  it('refuses a zstd-dict frame whose dictionary never came', async () => {
    const decoder = await createFrameDecoder('zstd-dict');
    expect(() => decoder.decodeBinary(zstd.compressUsingDict(zstd.createCCtx(), jsonBytes, dictionary, 3))).toThrow(/dictId 4242/);
  });
  it('loads the dictionary decoder only for zstd-dict', async () => {
    const loader = vi.fn(() => Promise.resolve<DictDecompressor>({ decompress: () => new Uint8Array() }));
    for (const mode of ['json', 'binary', 'zstd'] as const) await createFrameDecoder(mode, loader);
    expect(loader).not.toHaveBeenCalled();
    await createFrameDecoder('zstd-dict', loader);
    expect(loader).toHaveBeenCalledTimes(1);
  });
  it.each([
    ['binary', new Uint8Array([0x92, 0x01])],
    ['zstd', new Uint8Array([1, 2, 3, 4, 5, 6, 7])],
    ['zstd-dict', new Uint8Array([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x00, 0xff, 0xff])],
    ['json', new Uint8Array([0x7b])],
  ] as const)('throws FrameDecodeError on a malformed %s frame', async (mode, bytes) => {
    const decoder = await createFrameDecoder(mode);
    expect(() => decoder.decodeBinary(bytes)).toThrow(FrameDecodeError);
  });
  it('throws FrameDecodeError on malformed JSON text', () => {
    expect(() => decodeText('{"channel":')).toThrow(FrameDecodeError);
  });
});
