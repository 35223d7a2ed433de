// Frame decoding by the negotiated receiveType: json text, MessagePack (msgpackr), standalone zstd
// (fzstd) and zstd with trained dictionaries (a wasm decoder, imported only when negotiated).
import { decompress as fzstdDecompress } from 'fzstd';
// The decoder half only: the package's main entry also brings the packer, which a client never uses.
import { Unpackr } from 'msgpackr/unpack';
import type { ReceiveType } from '../wire/stream-schemas.ts';

/** A frame that could not be decoded; counted as malformed by the client, never fatal. */
export class FrameDecodeError extends Error {
  override readonly name = 'FrameDecodeError';
}

/** The dictionary-capable zstd decoder: `decompress(frame, dict)`. */
export interface DictDecompressor {
  decompress(frame: Uint8Array, dictionary: Uint8Array): Uint8Array;
}

/** Loads the dictionary decoder; the default imports @bokuweb/zstd-wasm on first use only. */
export type DictDecompressorLoader = () => Promise<DictDecompressor>;

let wasmDecoder: Promise<DictDecompressor> | undefined;

/**
 * The default loader: a dynamic import of @bokuweb/zstd-wasm (kept out of the main bundle, and
 * out of the worker's start, until `zstd-dict` is negotiated), `init()` once, one DCtx reused.
 */
export const loadWasmDictDecompressor: DictDecompressorLoader = () => {
  wasmDecoder ??= import('@bokuweb/zstd-wasm').then(async (zstd) => {
    await zstd.init();
    const dctx = zstd.createDCtx();
    return { decompress: (frame, dictionary) => zstd.decompressUsingDict(dctx, frame, dictionary) };
  });
  return wasmDecoder;
};

const ZSTD_MAGIC = 0xfd2fb528;
const DICT_ID_SIZES = [0, 1, 2, 4] as const;

/**
 * The dictId in the header of a zstd frame (0: no dictionary). Reads the frame header descriptor:
 * the Dictionary_ID field follows the optional window descriptor (absent for single-segment frames).
 * @throws FrameDecodeError when `bytes` does not start with a zstd frame header.
 */
export function readZstdDictId(bytes: Uint8Array): number {
  if (bytes.length < 6) throw new FrameDecodeError(`not a zstd frame: ${String(bytes.length)} bytes`);
  const magic = ((bytes[0] ?? 0) | ((bytes[1] ?? 0) << 8) | ((bytes[2] ?? 0) << 16) | ((bytes[3] ?? 0) << 24)) >>> 0;
  if (magic !== ZSTD_MAGIC) throw new FrameDecodeError(`not a zstd frame: magic 0x${magic.toString(16)}`);
  const descriptor = bytes[4] ?? 0;
  const size = DICT_ID_SIZES[descriptor & 3] ?? 0;
  const singleSegment = (descriptor & 0x20) !== 0;
  const at = 5 + (singleSegment ? 0 : 1);
  if (bytes.length < at + size) throw new FrameDecodeError('truncated zstd frame header');
  let dictId = 0;
  for (let i = size - 1; i >= 0; i--) dictId = dictId * 256 + (bytes[at + i] ?? 0);
  return dictId;
}

/** Decodes the binary data frames of one connection; JSON text frames go through `decodeText`. */
export interface FrameDecoder {
  readonly receiveType: ReceiveType;
  /** Decodes a binary frame to its JSON value. @throws FrameDecodeError */
  decodeBinary(bytes: Uint8Array): unknown;
  /** Registers a trained dictionary (a `dict` control frame), keyed by its dictId. */
  addDictionary(dictId: number, dictionary: Uint8Array): void;
}

const textDecoder = new TextDecoder();

/** Parses a JSON text frame. @throws FrameDecodeError */
export function decodeText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FrameDecodeError(`invalid JSON text frame: ${(error as Error).message}`);
  }
}

function decodeJsonBytes(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = textDecoder.decode(bytes);
  } catch (error) {
    throw new FrameDecodeError(`invalid UTF-8: ${(error as Error).message}`);
  }
  return decodeText(text);
}

function zstdDecompress(bytes: Uint8Array): Uint8Array {
  try {
    return fzstdDecompress(bytes);
  } catch (error) {
    throw new FrameDecodeError(`invalid zstd frame: ${(error as Error).message}`);
  }
}

/**
 * Creates the decoder for a negotiated receiveType. For `zstd-dict` it awaits `loadDict` (the
 * wasm decoder); no other mode loads it. Standard MessagePack: maps as plain objects, no records.
 */
export async function createFrameDecoder(
  receiveType: ReceiveType,
  loadDict: DictDecompressorLoader = loadWasmDictDecompressor,
): Promise<FrameDecoder> {
  const dictionaries = new Map<number, Uint8Array>();
  const addDictionary = (dictId: number, dictionary: Uint8Array): void => {
    dictionaries.set(dictId, dictionary);
  };
  switch (receiveType) {
    case 'json':
      // A binary frame in json mode is still read as UTF-8 JSON (a gateway may send either).
      return { receiveType, decodeBinary: decodeJsonBytes, addDictionary };
    case 'binary': {
      // int64AsType 'number': epoch ms (changedAt, ts) arrive as uint64 and must be numbers, not BigInt.
      const unpackr = new Unpackr({ useRecords: false, mapsAsObjects: true, int64AsType: 'number' });
      return {
        receiveType,
        decodeBinary: (bytes) => {
          let value: unknown;
          try {
            value = unpackr.unpack(bytes) as unknown;
          } catch (error) {
            throw new FrameDecodeError(`invalid MessagePack frame: ${(error as Error).message}`);
          }
          // 0xc1 ("never used") and empty input decode to undefined: no frame is undefined.
          if (value === undefined) throw new FrameDecodeError('invalid MessagePack frame: no value');
          return value;
        },
        addDictionary,
      };
    }
    case 'zstd':
      return { receiveType, decodeBinary: (bytes) => decodeJsonBytes(zstdDecompress(bytes)), addDictionary };
    case 'zstd-dict': {
      const dict = await loadDict();
      return {
        receiveType,
        decodeBinary: (bytes) => {
          const dictId = readZstdDictId(bytes);
          if (dictId === 0) return decodeJsonBytes(zstdDecompress(bytes));
          const dictionary = dictionaries.get(dictId);
          if (dictionary === undefined) throw new FrameDecodeError(`zstd frame needs dictId ${String(dictId)}, never received`);
          let out: Uint8Array;
          try {
            out = dict.decompress(bytes, dictionary);
          } catch (error) {
            throw new FrameDecodeError(`invalid zstd-dict frame (dictId ${String(dictId)}): ${(error as Error).message}`);
          }
          return decodeJsonBytes(out);
        },
        addDictionary,
      };
    }
    default: {
      const never: never = receiveType;
      throw new FrameDecodeError(`unknown receiveType ${String(never)}`);
    }
  }
}
