// The stream protocol's times (ts, changedAt) are integer epoch milliseconds, but msgpackr writes
// every number outside [-2^31, 2^32) as a float64 (0xcb): it has no option to write a JS number as
// int64 (`largeBigIntToFloat`, `useBigIntExtension` and `int64AsType` concern BigInts and decoding).
// A typed client reading int64 then fails. This pass rewrites such floats in place after packing:
// a float64 and a (u)int64 are both 9 bytes, so no byte moves and nothing is copied.

const TWO_32 = 2 ** 32;

/**
 * Rewrites, in place, every float64 in a MessagePack buffer whose value is a safe integer as a
 * uint64 (0xcf, when ≥ 0) or an int64 (0xd3), and returns the buffer. Other floats stay floats.
 * @throws RangeError on bytes that are no well-formed MessagePack (a packer bug, never input).
 */
export function float64IntegersToInt64(bytes: Buffer): Buffer {
  const end = bytes.length;
  let at = 0;
  // MessagePack is a prefix code: container headers carry only counts, so the values can be
  // visited as one flat run of tokens without tracking nesting.
  while (at < end) {
    const type = bytes[at] ?? 0;
    if (type <= 0x9f || type >= 0xe0) {
      at += 1; // positive/negative fixint, fixmap and fixarray headers
    } else if (type <= 0xbf) {
      at += 1 + (type & 0x1f); // fixstr
    } else if (type === 0xcb) {
      const value = bytes.readDoubleBE(at + 1);
      if (Number.isSafeInteger(value)) {
        // |value| ≤ 2^53, so the high word fits an int32 and the low word is exact.
        const high = Math.floor(value / TWO_32);
        bytes[at] = value >= 0 ? 0xcf : 0xd3;
        bytes.writeInt32BE(high, at + 1);
        bytes.writeUInt32BE(value - high * TWO_32, at + 5);
      }
      at += 9;
    } else {
      at += tokenLength(bytes, at, type);
    }
  }
  if (at !== end) throw new RangeError('truncated MessagePack buffer');
  return bytes;
}

/** The length of the token at `at` (header and payload; a container's elements follow it). */
function tokenLength(bytes: Buffer, at: number, type: number): number {
  switch (type) {
    case 0xc0: // nil, false, true
    case 0xc2:
    case 0xc3:
      return 1;
    case 0xcc: // uint8, int8
    case 0xd0:
      return 2;
    case 0xcd: // uint16, int16, array16, map16
    case 0xd1:
    case 0xdc:
    case 0xde:
      return 3;
    case 0xd4: // fixext 1, 2, 4, 8, 16: type byte and data
      return 3;
    case 0xd5:
      return 4;
    case 0xca: // float32, uint32, int32, array32, map32
    case 0xce:
    case 0xd2:
    case 0xdd:
    case 0xdf:
      return 5;
    case 0xd6:
      return 6;
    case 0xcf: // uint64, int64
    case 0xd3:
      return 9;
    case 0xd7:
      return 10;
    case 0xd8:
      return 18;
    case 0xc4: // bin8, str8
    case 0xd9:
      return 2 + bytes.readUInt8(at + 1);
    case 0xc5: // bin16, str16
    case 0xda:
      return 3 + bytes.readUInt16BE(at + 1);
    case 0xc6: // bin32, str32
    case 0xdb:
      return 5 + bytes.readUInt32BE(at + 1);
    case 0xc7: // ext8, ext16, ext32: length, type byte, data
      return 3 + bytes.readUInt8(at + 1);
    case 0xc8:
      return 4 + bytes.readUInt16BE(at + 1);
    case 0xc9:
      return 6 + bytes.readUInt32BE(at + 1);
    default:
      throw new RangeError(`invalid MessagePack type byte 0x${type.toString(16)} at ${String(at)}`);
  }
}
