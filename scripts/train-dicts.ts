// `npm run train:dicts`: trains the per-channel zstd dictionaries of the gateway's `zstd-dict`
// mode from the service's own traffic with the `zstd` CLI, and writes them with their manifest.
//
// Runs the service in-process on a fresh temporary DATA_DIR (SEED_PAST_DAYS=0), frames every
// change of the simulator exactly as the gateway does ({channel, type:"UPDATE", payload, ts,
// entryId} JSON), and trains one dictionary per channel on those samples. `fixtures` changes are
// rare (status changes), so its samples also include the current view of every fixture, framed
// the same way. The last 20 % of each channel's samples are held out to report the gain.
//
// Options: --seconds N (traffic to collect, default 120), --channels a,b (default odds, fixtures,
// bookmakers, clocks, oddsFutures), --out DIR (default service/gateway/dicts), --maxdict BYTES
// (default 32768), --keep-samples (leave the sample directory for inspection).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Compressor } from 'zstd-napi';
import { loadConfig } from '../service/config.ts';
import {
  DEFAULT_DICTS_DIR,
  DEFAULT_ZSTD_LEVEL,
  MANIFEST_FILE,
  dictIdFor,
  dictManifestSchema,
  type DictManifest,
  type DictManifestEntry,
} from '../service/gateway/encoding.ts';
import { startService } from '../service/service.ts';
import { CHANNELS, channelSchema, type Channel } from '../src/wire/stream-schemas.ts';

const DEFAULT_CHANNELS: readonly Channel[] = ['odds', 'fixtures', 'bookmakers', 'clocks', 'oddsFutures'];
/** Below this the CLI's trainer fails or produces a dictionary that does not pay for its 32 KB. */
const MIN_SAMPLES = 50;
const HOLD_OUT = 0.2;

function flag(name: string): string | undefined {
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === `--${name}`) return argv[i + 1];
    if (arg?.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got "${value}"`);
  return n;
}

function parseChannels(value: string | undefined): Channel[] {
  if (value === undefined) return [...DEFAULT_CHANNELS];
  return value.split(',').map((name) => {
    const parsed = channelSchema.safeParse(name.trim());
    if (!parsed.success) throw new Error(`--channels: unknown channel "${name}" (known: ${CHANNELS.join(', ')})`);
    return parsed.data;
  });
}

function readManifest(dir: string): DictManifest {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file)) return { format: 1, dictionaries: [] };
  return dictManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

function zstdCli(args: readonly string[]): void {
  const result = spawnSync('zstd', args, { encoding: 'utf8' });
  if (result.error !== undefined) throw new Error(`cannot run the zstd CLI: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`zstd ${args.join(' ')} failed (${String(result.status)}): ${result.stderr}`);
}

async function collect(seconds: number, channels: ReadonlySet<Channel>): Promise<Map<Channel, Buffer[]>> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'odds-train-dicts-'));
  const samples = new Map<Channel, Buffer[]>([...channels].map((c) => [c, []]));
  const service = await startService(
    loadConfig({ DATA_DIR: dataDir, SEED_PAST_DAYS: '0', PORT: '0', ADMIN_PORT: '0', LOG_EVERY_SEC: '0' }, []),
  );
  const seq = new Map<Channel, number>();
  try {
    service.simulator.onChange((batch) => {
      for (const item of batch.items) {
        const bucket = samples.get(item.channel);
        if (bucket === undefined) continue;
        const n = (seq.get(item.channel) ?? 0) + 1;
        seq.set(item.channel, n);
        const frame = { channel: item.channel, type: 'UPDATE', payload: item.payload, ts: batch.ts, entryId: `${String(batch.ts)}-${String(n)}` };
        bucket.push(Buffer.from(JSON.stringify(frame)));
      }
    });
    const fixtures = samples.get('fixtures');
    const snapshot = (): void => {
      if (fixtures === undefined) return;
      const ts = service.simulator.now();
      for (const view of service.simulator.fixtureViews()) {
        const n = (seq.get('fixtures') ?? 0) + 1;
        seq.set('fixtures', n);
        fixtures.push(Buffer.from(JSON.stringify({ channel: 'fixtures', type: 'UPDATE', payload: view, ts, entryId: `${String(ts)}-${String(n)}` })));
      }
    };
    // Once, at the start: a second snapshot would repeat the same fixtures into the held-out set.
    snapshot();
    const until = Date.now() + seconds * 1000;
    while (Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(10_000, until - Date.now())));
      process.stdout.write('.');
    }
    process.stdout.write('\n');
  } finally {
    await service.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return samples;
}

function heldOutSizes(held: readonly Buffer[], dict: Buffer): { jsonBytes: number; zstdBytes: number; dictBytes: number } {
  const plain = new Compressor();
  plain.setParameters({ compressionLevel: DEFAULT_ZSTD_LEVEL });
  const withDict = new Compressor();
  withDict.setParameters({ compressionLevel: DEFAULT_ZSTD_LEVEL });
  withDict.loadDictionary(dict);
  let jsonBytes = 0;
  let zstdBytes = 0;
  let dictBytes = 0;
  for (const sample of held) {
    jsonBytes += sample.length;
    zstdBytes += plain.compress(sample).length;
    dictBytes += withDict.compress(sample).length;
  }
  return { jsonBytes, zstdBytes, dictBytes };
}

async function main(): Promise<void> {
  const seconds = positiveInt(flag('seconds'), 120, 'seconds');
  const maxDict = positiveInt(flag('maxdict'), 32_768, 'maxdict');
  const channels = parseChannels(flag('channels'));
  const outDir = path.resolve(flag('out') ?? DEFAULT_DICTS_DIR);
  const keep = process.argv.includes('--keep-samples');
  mkdirSync(outDir, { recursive: true });
  const manifest = readManifest(outDir);

  console.log(`collecting ${String(seconds)} s of traffic for ${channels.join(', ')}`);
  const samples = await collect(seconds, new Set(channels));
  const sampleRoot = mkdtempSync(path.join(os.tmpdir(), 'odds-dict-samples-'));
  const trainedAt = new Date().toISOString();
  const entries = new Map<Channel, DictManifestEntry>(manifest.dictionaries.map((e) => [e.channel, e]));
  try {
    for (const channel of channels) {
      const all = samples.get(channel) ?? [];
      if (all.length < MIN_SAMPLES) {
        console.log(`${channel}: only ${String(all.length)} samples (need ${String(MIN_SAMPLES)}), not trained`);
        continue;
      }
      const split = Math.floor(all.length * (1 - HOLD_OUT));
      const train = all.slice(0, split);
      const held = all.slice(split);
      const dir = path.join(sampleRoot, channel);
      mkdirSync(dir);
      train.forEach((sample, i) => {
        writeFileSync(path.join(dir, `${String(i).padStart(6, '0')}.json`), sample);
      });
      const dictVersion = (entries.get(channel)?.dictVersion ?? 0) + 1;
      const dictId = dictIdFor(channel, dictVersion);
      const file = `${channel}.v${String(dictVersion)}.dict`;
      const target = path.join(outDir, file);
      zstdCli(['--train', '-r', dir, '-o', target, `--maxdict=${String(maxDict)}`, `--dictID=${String(dictId)}`, '-q', '-f']);
      const data = readFileSync(target);
      const sampleBytes = train.reduce((sum, s) => sum + s.length, 0);
      const gain = heldOutSizes(held, data);
      entries.set(channel, {
        channel,
        dictId,
        dictVersion,
        file,
        sha256: createHash('sha256').update(data).digest('hex'),
        bytes: data.length,
        trainedAt,
        samples: train.length,
        sampleBytes,
        trainSeconds: seconds,
        heldOut: { samples: held.length, ...gain, level: DEFAULT_ZSTD_LEVEL },
      });
      console.log(
        `${channel}: v${String(dictVersion)} dictId ${String(dictId)}, ${String(data.length)} bytes from ${String(train.length)} samples ` +
          `(${(sampleBytes / 1024).toFixed(0)} KB); held-out ratio to JSON: zstd ${(gain.jsonBytes / gain.zstdBytes).toFixed(2)}×, ` +
          `zstd-dict ${(gain.jsonBytes / gain.dictBytes).toFixed(2)}×`,
      );
    }
  } finally {
    if (keep) console.log(`samples kept in ${sampleRoot}`);
    else rmSync(sampleRoot, { recursive: true, force: true });
  }
  const next: DictManifest = {
    format: 1,
    dictionaries: [...entries.values()].sort((a, b) => CHANNELS.indexOf(a.channel) - CHANNELS.indexOf(b.channel)),
  };
  writeFileSync(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(next, null, 2)}\n`);
  console.log(`wrote ${path.join(outDir, MANIFEST_FILE)}; older dictionary files stay (clients may still hold them) — delete them by hand`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
