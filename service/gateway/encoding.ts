// Encodes the gateway's data frames in the four receiveTypes of the stream protocol note (json,
// binary MessagePack, dictless zstd, zstd with per-channel trained dictionaries), once per frame.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Packr } from 'msgpackr';
import { Compressor } from 'zstd-napi';
import { z } from 'zod';
import {
  channelSchema,
  type Channel,
  type DataFrame,
  type DictFrame,
  type ReceiveType,
} from '../../src/wire/stream-schemas.ts';
import { float64IntegersToInt64 } from './msgpack-integers.ts';

export type { ReceiveType } from '../../src/wire/stream-schemas.ts';
export { RECEIVE_TYPES } from '../../src/wire/stream-schemas.ts';

/** Where the committed dictionaries and their manifest live. */
export const DEFAULT_DICTS_DIR = fileURLToPath(new URL('./dicts/', import.meta.url));
export const MANIFEST_FILE = 'manifest.json';

/**
 * zstd levels, chosen by measuring the simulator's traffic (docs/stream.md, "Encodings and
 * dictionaries"): 7 is the knee on odds frames (13× dictless, 17.5× with a dictionary at
 * ~60 µs per 12 KB frame); higher levels gain under 1 % for 1.5–40× the cost.
 */
export const DEFAULT_ZSTD_LEVEL = 7;

/**
 * A stable code per channel for dictIds: dictId = 1,000,000 + code × 1,000 + version. Never
 * renumber: a dictId names one dictionary forever (clients cache by dictId).
 */
export const DICT_CHANNEL_CODES = {
  odds: 1,
  fixtures: 2,
  bookmakers: 3,
  clocks: 4,
  oddsFutures: 5,
  scores: 6,
  injuries: 7,
  lineups: 8,
  stats: 9,
} as const satisfies Record<Channel, number>;

export const MAX_DICT_VERSION = 999;

/**
 * The dictId of a channel's dictionary `version` (1 to 999). Deterministic, and inside zstd's
 * range for user dictionaries (32,768 to 2^31 − 1; lower ids are reserved for registered ones).
 */
export function dictIdFor(channel: Channel, version: number): number {
  if (!Number.isInteger(version) || version < 1 || version > MAX_DICT_VERSION) {
    throw new RangeError(`dictionary version must be an integer from 1 to ${String(MAX_DICT_VERSION)}, got ${String(version)}`);
  }
  return 1_000_000 + DICT_CHANNEL_CODES[channel] * 1_000 + version;
}

/** One loaded dictionary: its bytes in zstd's dictionary format, and how `dict` frames name it. */
export interface ChannelDictionary {
  readonly channel: Channel;
  readonly dictId: number;
  readonly dictVersion: number;
  readonly data: Buffer;
}

/** The dictionaries in use, at most one per channel. */
export interface DictionarySet {
  readonly byChannel: ReadonlyMap<Channel, ChannelDictionary>;
}

/** A set with no dictionary: `zstd-dict` then sends only dictless frames (allowed by the note). */
export const NO_DICTIONARIES: DictionarySet = { byChannel: new Map() };

/** The dictionaries are missing, corrupt or disagree with their manifest: a startup error. */
export class DictionaryLoadError extends Error {
  override readonly name = 'DictionaryLoadError';
}

/** One manifest entry; extra keys (training notes) are kept and ignored. */
export const dictManifestEntrySchema = z.looseObject({
  channel: channelSchema,
  dictId: z.number().int().min(32_768).max(2 ** 31 - 1),
  dictVersion: z.number().int().min(1).max(MAX_DICT_VERSION),
  /** A file name inside the dictionaries directory (no path). */
  file: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, { error: 'expected a plain file name' }),
  sha256: z.string().regex(/^[0-9a-f]{64}$/, { error: 'expected 64 lowercase hex digits' }),
  bytes: z.number().int().positive(),
  trainedAt: z.iso.datetime(),
  samples: z.number().int().nonnegative(),
  sampleBytes: z.number().int().nonnegative(),
});
export type DictManifestEntry = z.infer<typeof dictManifestEntrySchema>;

export const dictManifestSchema = z.looseObject({
  format: z.literal(1),
  dictionaries: z.array(dictManifestEntrySchema),
});
export type DictManifest = z.infer<typeof dictManifestSchema>;

/** The first four bytes of a zstd dictionary (0xEC30A437, little-endian); the dictId follows. */
const DICT_MAGIC = 0xec30a437;
/** The first four bytes of a zstd frame (0xFD2FB528, little-endian). */
const FRAME_MAGIC = 0xfd2fb528;

/**
 * Reads `manifest.json` in `dir` and every dictionary it lists, checking each file's sha256 and
 * that its header carries the manifest's dictId. Throws `DictionaryLoadError` naming the file
 * and the problem; call it at startup so a bad deployment fails before it listens.
 */
export function loadDictionaries(dir: string = DEFAULT_DICTS_DIR): DictionarySet {
  const manifestPath = path.join(dir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) {
    throw new DictionaryLoadError(`zstd dictionaries: ${manifestPath} is missing (run \`npm run train:dicts\`)`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch (error) {
    throw new DictionaryLoadError(`zstd dictionaries: ${manifestPath} is not valid JSON (${(error as Error).message})`);
  }
  const parsed = dictManifestSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue === undefined ? '' : ` at ${issue.path.join('.') || '(root)'}: ${issue.message}`;
    throw new DictionaryLoadError(`zstd dictionaries: ${manifestPath} is malformed${where}`);
  }
  const byChannel = new Map<Channel, ChannelDictionary>();
  const ids = new Set<number>();
  for (const entry of parsed.data.dictionaries) {
    const file = path.join(dir, entry.file);
    if (byChannel.has(entry.channel)) throw new DictionaryLoadError(`zstd dictionaries: ${manifestPath} lists channel ${entry.channel} twice`);
    if (ids.has(entry.dictId)) throw new DictionaryLoadError(`zstd dictionaries: ${manifestPath} lists dictId ${String(entry.dictId)} twice`);
    if (!existsSync(file)) throw new DictionaryLoadError(`zstd dictionaries: ${file} (channel ${entry.channel}) is missing`);
    const data = readFileSync(file);
    const sha256 = createHash('sha256').update(data).digest('hex');
    if (sha256 !== entry.sha256) {
      throw new DictionaryLoadError(`zstd dictionaries: ${file} is corrupt (sha256 ${sha256}, manifest says ${entry.sha256})`);
    }
    if (data.length < 8 || data.readUInt32LE(0) !== DICT_MAGIC) {
      throw new DictionaryLoadError(`zstd dictionaries: ${file} is not a zstd dictionary (bad magic number)`);
    }
    const headerId = data.readUInt32LE(4);
    if (headerId !== entry.dictId) {
      throw new DictionaryLoadError(`zstd dictionaries: ${file} carries dictId ${String(headerId)}, manifest says ${String(entry.dictId)}`);
    }
    ids.add(entry.dictId);
    byChannel.set(entry.channel, { channel: entry.channel, dictId: entry.dictId, dictVersion: entry.dictVersion, data });
  }
  return { byChannel };
}

/**
 * The dictId in a zstd frame's header (0 when the frame names none), read as the protocol note
 * tells clients to: decode by this id, never by channel. Throws on bytes that are no zstd frame.
 */
export function zstdFrameDictId(frame: Uint8Array): number {
  const view = new DataView(frame.buffer, frame.byteOffset, frame.byteLength);
  if (frame.byteLength < 5 || view.getUint32(0, true) !== FRAME_MAGIC) throw new Error('not a zstd frame (bad magic number)');
  const descriptor = view.getUint8(4);
  const idBytes = [0, 1, 2, 4][descriptor & 3] ?? 0;
  const singleSegment = (descriptor >> 5) & 1;
  // The window descriptor byte is present unless the frame is a single segment.
  const at = 5 + (singleSegment === 1 ? 0 : 1);
  if (frame.byteLength < at + idBytes) throw new Error('truncated zstd frame header');
  if (idBytes === 0) return 0;
  if (idBytes === 1) return view.getUint8(at);
  if (idBytes === 2) return view.getUint16(at, true);
  return view.getUint32(at, true);
}

/** Encodes data frames for every socket of the gateway. */
export interface FrameEncoder {
  /** The receiveType to announce in `login_ok`: `zstd` and `zstd-dict` become `json` when zstd is off. */
  negotiate(asked: ReceiveType): ReceiveType;
  /**
   * The `dict` control frames (JSON text) to send after `login_ok` and before any data frame in
   * `zstd-dict` mode: one per listed channel that has a dictionary, in the order given.
   */
  dictFrames(channels: readonly Channel[]): DictFrame[];
  /**
   * The frame as sent in `receiveType`: a string for `json` (send as text), a Buffer otherwise
   * (send as binary). Memoized per frame object and receiveType: build one frame object per
   * message and subscription shape, share it across sockets, and never mutate it after the
   * first encode (the cached bytes would no longer match).
   */
  encode(frame: DataFrame, receiveType: ReceiveType): string | Buffer;
}

export interface FrameEncoderOptions {
  /** False when the gateway disables zstd: zstd logins are downgraded to json. */
  readonly zstd: boolean;
  /** Defaults to the committed dictionaries (`loadDictionaries()`, which throws when they are bad) when zstd is on. */
  readonly dictionaries?: DictionarySet;
  /** zstd compression level for both zstd modes (default `DEFAULT_ZSTD_LEVEL`). */
  readonly level?: number;
}

interface Memo {
  json?: string;
  binary?: Buffer;
  zstd?: Buffer;
  zstdDict?: Buffer;
}

/**
 * Builds the encoder. With `zstd: true` and no `dictionaries`, loads the committed ones, so a
 * missing or corrupt dictionary fails here, at startup.
 */
export function createFrameEncoder(options: FrameEncoderOptions): FrameEncoder {
  const zstdOn = options.zstd;
  const dictionaries = zstdOn ? (options.dictionaries ?? loadDictionaries()) : NO_DICTIONARIES;
  const level = options.level ?? DEFAULT_ZSTD_LEVEL;
  // Standard MessagePack: msgpackr's record extension is off, so any decoder reads the frames.
  // variableMapSize: fixmap headers for small maps, measured ~1 % smaller and faster on odds.
  // Integers msgpackr writes as float64 (epoch ms) are rewritten as (u)int64 after packing.
  const packr = new Packr({ useRecords: false, variableMapSize: true });
  const plain = new Compressor();
  plain.setParameters({ compressionLevel: level });
  const withDict = new Map<Channel, Compressor>();
  const dictFrameOf = new Map<Channel, DictFrame>();
  for (const [channel, dict] of dictionaries.byChannel) {
    const compressor = new Compressor();
    // Parameters first: zstd-napi cannot change them once a dictionary is loaded.
    compressor.setParameters({ compressionLevel: level });
    compressor.loadDictionary(dict.data);
    withDict.set(channel, compressor);
    dictFrameOf.set(channel, {
      type: 'dict',
      channel,
      dictId: dict.dictId,
      dictVersion: dict.dictVersion,
      data: dict.data.toString('base64'),
    });
  }
  const memos = new WeakMap<DataFrame, Memo>();

  const jsonOf = (frame: DataFrame, memo: Memo): string => (memo.json ??= JSON.stringify(frame));
  const zstdOf = (frame: DataFrame, memo: Memo): Buffer => (memo.zstd ??= plain.compress(Buffer.from(jsonOf(frame, memo))));

  return {
    negotiate(asked) {
      if (!zstdOn && (asked === 'zstd' || asked === 'zstd-dict')) return 'json';
      return asked;
    },
    dictFrames(channels) {
      const frames: DictFrame[] = [];
      const seen = new Set<Channel>();
      for (const channel of channels) {
        const frame = dictFrameOf.get(channel);
        if (frame === undefined || seen.has(channel)) continue;
        seen.add(channel);
        frames.push(frame);
      }
      return frames;
    },
    encode(frame, receiveType) {
      let memo = memos.get(frame);
      if (memo === undefined) {
        memo = {};
        memos.set(frame, memo);
      }
      switch (receiveType) {
        case 'json':
          return jsonOf(frame, memo);
        case 'binary':
          return (memo.binary ??= float64IntegersToInt64(packr.pack(frame)));
        case 'zstd':
          return zstdOf(frame, memo);
        case 'zstd-dict': {
          if (memo.zstdDict !== undefined) return memo.zstdDict;
          const compressor = withDict.get(frame.channel);
          // A channel without a dictionary gets the dictless frame (dictId 0), which the note allows.
          memo.zstdDict = compressor === undefined ? zstdOf(frame, memo) : compressor.compress(Buffer.from(jsonOf(frame, memo)));
          return memo.zstdDict;
        }
      }
    },
  };
}
