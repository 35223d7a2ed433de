// Stream clients of `npm run bench:gateway`: log in to /ws, decode every receiveType the way a
// client must (by the negotiated receiveType; zstd-dict by each frame's dictId), count odds entries.
// Forked by bench/gateway.bench.ts as the fan-out process: CLIENTS sockets, then it reports
// entries/s per client, the ts→receipt delay and its own CPU over the measured window.
import { Unpackr } from 'msgpackr';
import WebSocket from 'ws';
import { Decompressor } from 'zstd-napi';
import { zstdFrameDictId } from '../service/gateway/encoding.ts';
import type { Channel, ReceiveType } from '../src/wire/stream-schemas.ts';

/** One data frame as a client sees it after decoding. */
export interface ReceivedFrame {
  readonly channel: string;
  readonly entryId: string;
  readonly ts: number;
  /** Odds entries (`oddsId`s) in the frame; 0 on other channels. */
  readonly entries: number;
  /** Bytes on the wire (the WebSocket message payload). */
  readonly bytes: number;
  readonly receivedAt: number;
  /** The frame's JSON text, only when `keepJson` was asked for. */
  readonly json?: string;
}

export interface ClientOptions {
  readonly url: string;
  readonly apiKey: string;
  readonly receiveType: ReceiveType;
  readonly channels: readonly Channel[];
  /** Needed for the bookmaker-gated channels (odds, oddsFutures, bookmakers). */
  readonly bookmakers: readonly string[];
  readonly keepJson?: boolean;
  readonly onFrame: (frame: ReceivedFrame) => void;
  /** Control frames other than login_ok and dict (snapshot_required, error, reconnect…). */
  readonly onControl?: (frame: { type: string }) => void;
}

export interface StreamClient {
  readonly negotiated: ReceiveType;
  close(): void;
}

interface Envelope {
  channel?: unknown;
  type?: unknown;
  entryId?: unknown;
  ts?: unknown;
  payload?: { odds?: Record<string, Record<string, unknown>> };
}

function countOddsEntries(frame: Envelope): number {
  if (frame.channel !== 'odds' || frame.payload?.odds === undefined) return 0;
  let n = 0;
  for (const entries of Object.values(frame.payload.odds)) n += Object.keys(entries).length;
  return n;
}

function toBuffer(data: WebSocket.RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? Buffer.from(data) : data;
}

/**
 * Opens one socket, logs in and resolves once `login_ok` arrived (rejects on an `error` frame or
 * a close before it). Frames are decoded by the negotiated receiveType.
 */
export function openClient(options: ClientOptions): Promise<StreamClient> {
  const ws = new WebSocket(options.url);
  const unpackr = new Unpackr({ useRecords: false });
  const plain = new Decompressor();
  const byDictId = new Map<number, Decompressor>();
  let negotiated: ReceiveType | null = null;
  const utf8 = new TextDecoder();

  return new Promise((resolve, reject) => {
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'login', apiKey: options.apiKey, channels: options.channels, bookmakers: options.bookmakers, receiveType: options.receiveType, clientName: 'bench:gateway' }));
    });
    ws.on('error', (error) => {
      reject(error);
    });
    ws.on('close', (code, reason) => {
      if (negotiated === null) reject(new Error(`closed before login_ok: ${String(code)} ${reason.toString()}`));
    });
    ws.on('message', (data, isBinary) => {
      const receivedAt = Date.now();
      const raw = toBuffer(data);
      let text: string | null = null;
      let frame: Envelope;
      if (!isBinary) {
        text = raw.toString('utf8');
        frame = JSON.parse(text) as Envelope;
        if (frame.type !== 'UPDATE') {
          const control = frame as { type: string; receiveType?: ReceiveType; dictId?: number; data?: string; message?: string };
          if (control.type === 'login_ok') {
            negotiated = control.receiveType ?? 'json';
            resolve({
              negotiated,
              close: () => {
                ws.close();
              },
            });
          } else if (control.type === 'dict' && control.dictId !== undefined && control.data !== undefined) {
            const decompressor = new Decompressor();
            decompressor.loadDictionary(Buffer.from(control.data, 'base64'));
            byDictId.set(control.dictId, decompressor);
          } else if (control.type === 'error' && negotiated === null) {
            reject(new Error(`login refused: ${control.message ?? ''}`));
          } else {
            options.onControl?.(control);
          }
          return;
        }
      } else if (negotiated === 'binary') {
        frame = unpackr.unpack(raw) as Envelope;
      } else {
        const dictId = zstdFrameDictId(raw);
        const decompressor = dictId === 0 ? plain : byDictId.get(dictId);
        if (decompressor === undefined) throw new Error(`frame names dictId ${String(dictId)}, which no dict frame announced`);
        text = utf8.decode(decompressor.decompress(raw));
        frame = JSON.parse(text) as Envelope;
      }
      options.onFrame({
        channel: String(frame.channel),
        entryId: String(frame.entryId),
        ts: Number(frame.ts),
        entries: countOddsEntries(frame),
        bytes: raw.length,
        receivedAt,
        ...(options.keepJson === true ? { json: text ?? JSON.stringify(frame) } : {}),
      });
    });
  });
}

/** What the fan-out process reports to the bench over IPC. */
export interface FanOutResult {
  readonly type: 'result';
  readonly clients: number;
  readonly receiveType: ReceiveType;
  readonly measureMs: number;
  /** Odds entries per second delivered to each client over the window. */
  readonly entriesPerSecond: readonly number[];
  readonly delayP50: number;
  readonly delayP99: number;
  readonly delayMax: number;
  /** ts → the first of the 50 receipts of a frame: the simulator's tick, the gateway, the loopback. */
  readonly firstP50: number;
  readonly firstP99: number;
  /** Each receipt after the first of the same frame: what fanning out to 50 sockets adds. */
  readonly spreadP50: number;
  readonly spreadP99: number;
  /** Share of one core used by this process over the window (1 = a full core). */
  readonly cpu: number;
  readonly controls: Readonly<Record<string, number>>;
}

export type FanOutMessage = { readonly type: 'connected' } | { readonly type: 'measure-start' } | FanOutResult | { readonly type: 'failed'; readonly message: string };

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;
}

async function fanOut(): Promise<void> {
  const send = (message: FanOutMessage): void => {
    process.send?.(message);
  };
  const url = process.env.FANOUT_URL ?? 'ws://127.0.0.1:4171/ws';
  const count = Number(process.env.FANOUT_CLIENTS ?? 50);
  const receiveType = (process.env.FANOUT_RECEIVE_TYPE ?? 'json') as ReceiveType;
  const warmupMs = Number(process.env.FANOUT_WARMUP_MS ?? 5000);
  const measureMs = Number(process.env.FANOUT_MEASURE_MS ?? 20_000);
  const bookmakers = (process.env.FANOUT_BOOKMAKERS ?? '').split(',').filter((b) => b !== '');
  let measuring = false;
  const entries = new Array<number>(count).fill(0);
  const delays: number[] = [];
  const firstReceipt = new Map<string, { at: number; ts: number }>();
  const receipts: { entryId: string; at: number }[] = [];
  const controls: Record<string, number> = {};
  const clients: StreamClient[] = [];
  for (let i = 0; i < count; i++) {
    clients.push(
      await openClient({
        url,
        apiKey: 'bench-key',
        receiveType,
        channels: ['odds'],
        bookmakers,
        onFrame: (frame) => {
          if (!measuring || frame.channel !== 'odds') return;
          entries[i] = (entries[i] ?? 0) + frame.entries;
          delays.push(frame.receivedAt - frame.ts);
          receipts.push({ entryId: frame.entryId, at: frame.receivedAt });
          const first = firstReceipt.get(frame.entryId);
          if (first === undefined || frame.receivedAt < first.at) firstReceipt.set(frame.entryId, { at: frame.receivedAt, ts: frame.ts });
        },
        onControl: (frame) => {
          controls[frame.type] = (controls[frame.type] ?? 0) + 1;
        },
      }),
    );
  }
  send({ type: 'connected' });
  await new Promise((resolve) => setTimeout(resolve, warmupMs));
  send({ type: 'measure-start' });
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  measuring = true;
  await new Promise((resolve) => setTimeout(resolve, measureMs));
  measuring = false;
  const cpu = process.cpuUsage(cpuStart);
  const elapsedMs = performance.now() - wallStart;
  for (const client of clients) client.close();
  delays.sort((a, b) => a - b);
  const firsts = [...firstReceipt.values()].map((f) => f.at - f.ts).sort((a, b) => a - b);
  const spreads = receipts.map((r) => r.at - (firstReceipt.get(r.entryId)?.at ?? r.at)).sort((a, b) => a - b);
  send({
    type: 'result',
    clients: count,
    receiveType,
    measureMs: elapsedMs,
    entriesPerSecond: entries.map((n) => (n * 1000) / elapsedMs),
    delayP50: percentile(delays, 0.5),
    delayP99: percentile(delays, 0.99),
    delayMax: delays.at(-1) ?? Number.NaN,
    firstP50: percentile(firsts, 0.5),
    firstP99: percentile(firsts, 0.99),
    spreadP50: percentile(spreads, 0.5),
    spreadP99: percentile(spreads, 0.99),
    cpu: (cpu.user + cpu.system) / 1000 / elapsedMs,
    controls,
  });
}

if (process.argv[1]?.endsWith('gateway-clients.ts') === true) {
  fanOut()
    .catch((error: unknown) => {
      process.send?.({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies FanOutMessage);
      process.exitCode = 1;
    })
    .finally(() => {
      // Sockets may still be closing; the bench waits for this process to exit.
      setTimeout(() => process.exit(), 500).unref();
    });
}
