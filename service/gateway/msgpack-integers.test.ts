// The float64 → (u)int64 rewrite: exact bytes for the edges, and on any JSON value the decoded
// value never changes (checked with @msgpack/msgpack, not with the packer under test).
import { decode as decodeMsgpack } from '@msgpack/msgpack';
import fc from 'fast-check';
import { Packr } from 'msgpackr';
import { describe, expect, it } from 'vitest';
import { float64IntegersToInt64 } from './msgpack-integers.ts';

const packr = new Packr({ useRecords: false, variableMapSize: true });
const packed = (value: unknown): string => float64IntegersToInt64(packr.pack(value)).toString('hex');

describe('float64IntegersToInt64', () => {
  it('writes integers from 2^32 up to 2^53 as uint64', () => {
    expect(packed(2 ** 32)).toBe('cf0000000100000000');
    expect(packed(1_763_800_000_123)).toBe('cf0000019aaaac267b');
    expect(packed(Number.MAX_SAFE_INTEGER)).toBe('cf001fffffffffffff');
  });

  it('writes integers below -2^31 down to -2^53 as int64', () => {
    expect(packed(-(2 ** 31) - 1)).toBe('d3ffffffff7fffffff');
    expect(packed(Number.MIN_SAFE_INTEGER)).toBe('d3ffe0000000000001');
  });

  it('keeps fractions, unsafe integers and the small-integer forms as they were', () => {
    expect(packed(2 ** 32 + 0.5)).toBe(packr.pack(2 ** 32 + 0.5).toString('hex'));
    expect(packed(2 ** 53 + 2)).toBe(packr.pack(2 ** 53 + 2).toString('hex'));
    expect(packed(2.05)).toBe(packr.pack(2.05).toString('hex'));
    expect(packed(4_000_000_000)).toBe('ceee6b2800');
  });

  it('finds the floats inside maps, arrays and strings of every length', () => {
    const frame = { ts: 2 ** 40, s: 'x'.repeat(300), big: 'y'.repeat(70_000), list: Array.from({ length: 20 }, (_, i) => 2 ** 33 + i) };
    const bytes = float64IntegersToInt64(packr.pack(frame));
    expect(bytes.includes(0xcb)).toBe(false);
    expect(decodeMsgpack(bytes)).toEqual(frame);
  });

  it('never changes a decoded value', () => {
    fc.assert(
      fc.property(fc.jsonValue({ stringUnit: 'binary' }).filter((j) => !JSON.stringify(j).includes('"__proto__"')), fc.array(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER })), (json, integers) => {
        const value = { json, integers };
        expect(decodeMsgpack(float64IntegersToInt64(packr.pack(value)))).toEqual(decodeMsgpack(packr.pack(value)));
      }),
    );
  });

  it('refuses bytes that are no MessagePack', () => {
    expect(() => float64IntegersToInt64(Buffer.from([0xc1]))).toThrow(RangeError);
    expect(() => float64IntegersToInt64(Buffer.from([0xd9, 0x05, 0x61]))).toThrow(RangeError);
  });
});
