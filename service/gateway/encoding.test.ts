// Every receiveType decodes with a decoder that is not ours (@msgpack/msgpack, the zstd CLI, fzstd),
// the committed dictionaries load and their `dict` frames decode, and encoding is memoized.
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decode as decodeMsgpack } from '@msgpack/msgpack';
import fc from 'fast-check';
import { decompress as fzstdDecompress } from 'fzstd';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { dictFrameSchema, type DataFrame } from '../../src/wire/stream-schemas.ts';
import {
  DEFAULT_DICTS_DIR,
  DictionaryLoadError,
  MANIFEST_FILE,
  NO_DICTIONARIES,
  createFrameEncoder,
  dictIdFor,
  dictManifestSchema,
  type DictManifest,
  loadDictionaries,
  zstdFrameDictId,
} from './encoding.ts';

const dictionaries = loadDictionaries();
const encoder = createFrameEncoder({ zstd: true, dictionaries });
const tmp = mkdtempSync(path.join(os.tmpdir(), 'odds-encoding-test-'));
afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

function oddsFrame(price = 2.05): DataFrame {
  const fixtureId = 'id1000001234567890';
  const entry = (outcomeId: number, p: number) => ({
    bookmaker: 'pinnacle',
    outcomeId,
    playerId: 0,
    marketId: 101,
    active: true,
    marketActive: true,
    mainLine: true,
    price: p,
    priceAmerican: p >= 2 ? Math.round((p - 1) * 100) : Math.round(-100 / (p - 1)),
    changedAt: 1_795_332_449_346,
  });
  return {
    channel: 'odds',
    type: 'UPDATE',
    payload: {
      fixtureId,
      odds: {
        pinnacle: {
          [`${fixtureId}:pinnacle:101:0`]: entry(101, price),
          [`${fixtureId}:pinnacle:102:0`]: entry(102, 3.4),
          [`${fixtureId}:pinnacle:103:0`]: entry(103, 3.9),
        },
      },
    },
    ts: 1_795_332_449_346,
    entryId: '1795332449346-17',
  };
}

const scoresFrame: DataFrame = {
  channel: 'scores',
  type: 'UPDATE',
  payload: { fixtureId: 'id1000001234567890', scores: { result: { period: 'result', participant1Score: 1, participant2Score: 0, updatedAt: '2026-11-22T07:00:00Z' } } },
  ts: 1_795_332_449_346,
  entryId: '1795332449346-3',
};

/** Decompresses with the `zstd` CLI, with `dictFile` when given; returns null when the CLI fails. */
function zstdCli(frame: Buffer, dictFile?: string): string | null {
  const args = ['-d', '-c', '-q', ...(dictFile === undefined ? [] : ['-D', dictFile])];
  const result = spawnSync('zstd', args, { input: frame });
  if (result.error !== undefined) throw result.error;
  return result.status === 0 ? result.stdout.toString('utf8') : null;
}

function asBuffer(encoded: string | Buffer): Buffer {
  if (typeof encoded === 'string') throw new Error('expected a binary frame, got text');
  return encoded;
}

describe('json', () => {
  it('is the JSON text of the frame', () => {
    const frame = oddsFrame();
    const encoded = encoder.encode(frame, 'json');
    expect(typeof encoded).toBe('string');
    expect(JSON.parse(encoded as string)).toEqual(frame);
  });
});

describe('binary', () => {
  it('decodes with @msgpack/msgpack to the frame', () => {
    const frame = oddsFrame();
    expect(decodeMsgpack(asBuffer(encoder.encode(frame, 'binary')))).toEqual(frame);
  });

  it('is a plain MessagePack map, not a msgpackr record', () => {
    // A map of the envelope's five keys (fixmap 0x85, or map16 0xde 0x0005); a msgpackr record
    // would start with an extension or a record-id byte that standard decoders do not know.
    const bytes = asBuffer(encoder.encode(oddsFrame(), 'binary'));
    const header = bytes[0] === 0xde ? bytes.readUInt16BE(1) : (bytes[0] ?? 0) - 0x80;
    expect(header).toBe(5);
  });

  it('keeps an earlier frame intact after later encodes (msgpackr shares its buffer)', () => {
    const first = oddsFrame(1.5);
    const bytes = Buffer.from(asBuffer(encoder.encode(first, 'binary')));
    for (let i = 0; i < 200; i++) encoder.encode(oddsFrame(2 + i / 100), 'binary');
    expect(asBuffer(encoder.encode(first, 'binary')).equals(bytes)).toBe(true);
  });
});

describe('zstd', () => {
  it('is a standalone frame with dictId 0', () => {
    expect(zstdFrameDictId(asBuffer(encoder.encode(oddsFrame(), 'zstd')))).toBe(0);
  });

  it('decodes with the zstd CLI to the JSON text', () => {
    const frame = oddsFrame();
    expect(zstdCli(asBuffer(encoder.encode(frame, 'zstd')))).toBe(JSON.stringify(frame));
  });

  it('decodes with fzstd, the browser decoder', () => {
    const frame = oddsFrame();
    const text = new TextDecoder().decode(fzstdDecompress(asBuffer(encoder.encode(frame, 'zstd'))));
    expect(JSON.parse(text)).toEqual(frame);
  });
});

describe('zstd-dict', () => {
  const odds = dictionaries.byChannel.get('odds');

  it('names the odds dictionary in the frame header', () => {
    expect(odds).toBeDefined();
    expect(zstdFrameDictId(asBuffer(encoder.encode(oddsFrame(), 'zstd-dict')))).toBe(odds?.dictId);
  });

  it('decodes with the zstd CLI given the pushed dictionary', () => {
    const frame = oddsFrame();
    const [dict] = encoder.dictFrames(['odds']);
    if (dict === undefined) throw new Error('no dict frame for odds');
    const file = path.join(tmp, 'pushed-odds.dict');
    writeFileSync(file, Buffer.from(dict.data, 'base64'));
    expect(zstdCli(asBuffer(encoder.encode(frame, 'zstd-dict')), file)).toBe(JSON.stringify(frame));
  });

  it('does not decode without the dictionary', () => {
    expect(zstdCli(asBuffer(encoder.encode(oddsFrame(), 'zstd-dict')))).toBeNull();
  });

  it('sends a dictless frame on a channel without a dictionary', () => {
    const encoded = asBuffer(encoder.encode(scoresFrame, 'zstd-dict'));
    expect(zstdFrameDictId(encoded)).toBe(0);
    expect(JSON.parse(new TextDecoder().decode(fzstdDecompress(encoded)))).toEqual(scoresFrame);
  });

  it('is smaller than the dictless frame on an odds update', () => {
    const frame = oddsFrame();
    expect(asBuffer(encoder.encode(frame, 'zstd-dict')).length).toBeLessThan(asBuffer(encoder.encode(frame, 'zstd')).length);
  });
});

describe('every encoding', () => {
  it('round-trips any JSON payload through an independent decoder', () => {
    const local = createFrameEncoder({ zstd: true, dictionaries: NO_DICTIONARIES });
    fc.assert(
      // @msgpack/msgpack refuses `__proto__` keys by design; no wire payload has one.
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()).filter((p) => !JSON.stringify(p).includes('"__proto__"')), (payload) => {
        const frame: DataFrame = { channel: 'stats', type: 'UPDATE', payload, ts: 1, entryId: '1-1' };
        const text = JSON.stringify(frame);
        expect(local.encode(frame, 'json')).toBe(text);
        expect(JSON.stringify(decodeMsgpack(asBuffer(local.encode(frame, 'binary'))))).toBe(text);
        expect(new TextDecoder().decode(fzstdDecompress(asBuffer(local.encode(frame, 'zstd'))))).toBe(text);
        expect(new TextDecoder().decode(fzstdDecompress(asBuffer(local.encode(frame, 'zstd-dict'))))).toBe(text);
      }),
      { numRuns: 150 },
    );
  });
});

describe('memoization', () => {
  it('stringifies a frame once however many sockets ask for it', () => {
    const local = createFrameEncoder({ zstd: true, dictionaries: NO_DICTIONARIES });
    const frame = oddsFrame();
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      for (let socket = 0; socket < 50; socket++) {
        local.encode(frame, 'json');
        local.encode(frame, 'zstd');
        local.encode(frame, 'zstd-dict');
      }
      expect(stringify).toHaveBeenCalledTimes(1);
    } finally {
      stringify.mockRestore();
    }
  });

  it('returns the same bytes object for the same frame object and receiveType', () => {
    const frame = oddsFrame();
    for (const receiveType of ['binary', 'zstd', 'zstd-dict'] as const) {
      expect(encoder.encode(frame, receiveType)).toBe(encoder.encode(frame, receiveType));
    }
  });

  it('encodes an equal but distinct frame object again', () => {
    expect(encoder.encode(oddsFrame(), 'binary')).not.toBe(encoder.encode(oddsFrame(), 'binary'));
  });
});

describe('negotiate', () => {
  it('downgrades zstd and zstd-dict to json when zstd is off', () => {
    const off = createFrameEncoder({ zstd: false });
    expect([off.negotiate('zstd'), off.negotiate('zstd-dict')]).toEqual(['json', 'json']);
  });

  it('keeps json and binary when zstd is off', () => {
    const off = createFrameEncoder({ zstd: false });
    expect([off.negotiate('json'), off.negotiate('binary')]).toEqual(['json', 'binary']);
  });

  it('keeps every receiveType when zstd is on', () => {
    expect((['json', 'binary', 'zstd', 'zstd-dict'] as const).map((t) => encoder.negotiate(t))).toEqual(['json', 'binary', 'zstd', 'zstd-dict']);
  });
});

describe('dictFrames', () => {
  it('gives one valid dict frame per subscribed channel that has a dictionary, in order', () => {
    const frames = encoder.dictFrames(['scores', 'bookmakers', 'odds', 'fixtures', 'odds']);
    expect(frames.map((f) => f.channel)).toEqual(['bookmakers', 'odds', 'fixtures']);
    for (const frame of frames) expect(dictFrameSchema.safeParse(frame).success).toBe(true);
  });

  it('carries the dictionary bytes and the dictId of its header', () => {
    const [frame] = encoder.dictFrames(['bookmakers']);
    const bytes = Buffer.from(frame?.data ?? '', 'base64');
    expect(bytes.equals(dictionaries.byChannel.get('bookmakers')?.data ?? Buffer.alloc(0))).toBe(true);
    expect(bytes.readUInt32LE(4)).toBe(frame?.dictId);
  });

  it('is empty when zstd is off', () => {
    expect(createFrameEncoder({ zstd: false }).dictFrames(['odds', 'fixtures', 'bookmakers'])).toEqual([]);
  });
});

describe('committed dictionaries', () => {
  it('cover odds, fixtures and bookmakers', () => {
    expect(['odds', 'fixtures', 'bookmakers'].every((c) => dictionaries.byChannel.has(c as 'odds'))).toBe(true);
  });

  it('have the deterministic dictId of their channel and version', () => {
    for (const dict of dictionaries.byChannel.values()) expect(dict.dictId).toBe(dictIdFor(dict.channel, dict.dictVersion));
  });

  it('are loaded by default when zstd is on', () => {
    const byDefault = createFrameEncoder({ zstd: true });
    expect(byDefault.dictFrames(['odds']).map((f) => f.dictId)).toEqual([dictionaries.byChannel.get('odds')?.dictId]);
  });
});

describe('loadDictionaries', () => {
  function copyOfDicts(name: string): { dir: string; manifest: DictManifest; fileOf: (channel: string) => string } {
    const dir = path.join(tmp, name);
    cpSync(DEFAULT_DICTS_DIR, dir, { recursive: true });
    const manifest = dictManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, MANIFEST_FILE), 'utf8')));
    const fileOf = (channel: string): string => {
      const entry = manifest.dictionaries.find((d) => d.channel === channel);
      if (entry === undefined) throw new Error(`the committed manifest has no ${channel} dictionary`);
      return path.join(dir, entry.file);
    };
    return { dir, manifest, fileOf };
  }

  it('fails with the path when the manifest is missing', () => {
    expect(() => loadDictionaries(path.join(tmp, 'nowhere'))).toThrow(/manifest\.json is missing/);
  });

  it('fails naming the file when a dictionary is missing', () => {
    const { dir, fileOf } = copyOfDicts('missing');
    rmSync(fileOf('odds'));
    expect(() => loadDictionaries(dir)).toThrow(/odds.*is missing/);
  });

  it('fails when a dictionary file is corrupt', () => {
    const { dir, fileOf } = copyOfDicts('corrupt');
    const bytes = readFileSync(fileOf('odds'));
    bytes[100] = (bytes[100] ?? 0) ^ 0xff;
    writeFileSync(fileOf('odds'), bytes);
    expect(() => loadDictionaries(dir)).toThrow(DictionaryLoadError);
    expect(() => loadDictionaries(dir)).toThrow(/is corrupt \(sha256/);
  });

  it('fails when the manifest is malformed', () => {
    const { dir } = copyOfDicts('malformed');
    writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ format: 1, dictionaries: [{ channel: 'odds' }] }));
    expect(() => loadDictionaries(dir)).toThrow(/manifest\.json is malformed at dictionaries\.0\./);
  });

  it('fails when a file carries another dictId than the manifest', () => {
    const { dir, manifest, fileOf } = copyOfDicts('swapped');
    copyFileSync(fileOf('bookmakers'), fileOf('odds'));
    const entries = manifest.dictionaries.map((d) =>
      d.channel === 'odds' ? { ...d, sha256: manifest.dictionaries.find((b) => b.channel === 'bookmakers')?.sha256 ?? '' } : d,
    );
    writeFileSync(path.join(dir, MANIFEST_FILE), JSON.stringify({ ...manifest, dictionaries: entries }));
    expect(() => loadDictionaries(dir)).toThrow(/carries dictId \d+, manifest says \d+/);
  });
});

describe('zstdFrameDictId', () => {
  it('rejects bytes that are not a zstd frame', () => {
    expect(() => zstdFrameDictId(Buffer.from('{"channel":"odds"}'))).toThrow(/not a zstd frame/);
  });
});
