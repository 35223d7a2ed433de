// Test helpers of the gateway: the whole service on loopback with a manual clock (the world
// moves only when a test advances it), and a stream client that records what it receives.
import WebSocket from 'ws';
import { controlFrameSchema, dataFrameSchema } from '../../src/wire/stream-schemas.ts';
import type { ControlFrame, DataFrame } from '../../src/wire/stream-schemas.ts';
import { settle, startTestService, type TestService } from '../testing/test-service.ts';

export { settle, type TestService };

/**
 * The service for stream tests (service/testing/test-service.ts) with `env` over the gateway's
 * test settings: zstd off, so the tests do not depend on the committed dictionaries, and no drain.
 */
export function startStreamTestService(env: Record<string, string> = {}): Promise<TestService> {
  return startTestService({ env: { GATEWAY_ZSTD: 'off', GATEWAY_DRAIN_MS: '0', ...env } });
}

/** A received frame: a control frame, a data frame, or a binary frame (kept as bytes). */
export type Received =
  | { readonly kind: 'control'; readonly frame: ControlFrame }
  | { readonly kind: 'data'; readonly frame: DataFrame }
  | { readonly kind: 'binary'; readonly bytes: Buffer };

/** A WebSocket client that records every frame, in order. */
export class StreamClient {
  readonly received: Received[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString('utf8') });
        this.wake();
      });
    });
    ws.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
      if (isBinary) this.received.push({ kind: 'binary', bytes });
      else {
        const json: unknown = JSON.parse(bytes.toString('utf8'));
        const control = controlFrameSchema.safeParse(json);
        if (control.success) this.received.push({ kind: 'control', frame: control.data });
        else this.received.push({ kind: 'data', frame: dataFrameSchema.parse(json) });
      }
      this.wake();
    });
  }

  /** Opens a socket (without logging in). */
  static async open(url: string, options: WebSocket.ClientOptions = {}): Promise<StreamClient> {
    const ws = new WebSocket(url, options);
    const client = new StreamClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => {
        resolve();
      });
      ws.once('error', reject);
    });
    return client;
  }

  /** Opens a socket and sends `login` (a login frame object, or raw text). */
  static async login(url: string, login: Record<string, unknown> | string, options: WebSocket.ClientOptions = {}): Promise<StreamClient> {
    const client = await StreamClient.open(url, options);
    client.send(login);
    return client;
  }

  send(frame: Record<string, unknown> | string): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  get controls(): ControlFrame[] {
    return this.received.flatMap((r) => (r.kind === 'control' ? [r.frame] : []));
  }

  get data(): DataFrame[] {
    return this.received.flatMap((r) => (r.kind === 'data' ? [r.frame] : []));
  }

  /** The first control frame of `type`, waiting up to `timeoutMs` for it. */
  async control<T extends ControlFrame['type']>(type: T, timeoutMs = 5_000): Promise<Extract<ControlFrame, { type: T }>> {
    await this.until(() => this.controls.some((c) => c.type === type), timeoutMs, `a ${type} frame`);
    return this.controls.find((c): c is Extract<ControlFrame, { type: T }> => c.type === type) as Extract<ControlFrame, { type: T }>;
  }

  /** Waits until `condition` holds (checked on every frame and every 20 ms). */
  async until(condition: () => boolean, timeoutMs = 5_000, what = 'a condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out after ${String(timeoutMs)} ms waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          this.waiters.delete(wake);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(wake, 20);
        this.waiters.add(wake);
      });
    }
  }

  close(): void {
    this.ws.close();
  }

  private wake(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

/** A login frame for `apiKey` with every channel and the given bookmakers (plus `extra`). */
export function loginFrame(apiKey: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'login', apiKey, ...extra };
}
