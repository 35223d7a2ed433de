// The relay's one connection to the upstream gateway: logs in with the upstream key (in the login
// frame only), subscribes to every channel the key is entitled to, keeps the cursors (serverEpoch
// and the last entryId per channel) and resumes with them after a disconnect. What it cannot
// resume — a new serverEpoch, a channel outside replayChannels, `snapshot_required` — it reports
// as a need to re-snapshot from REST; data frames are checked and handed on in arrival order.
import WebSocket from 'ws';
import { safeParseWire } from '../../src/wire/validate.ts';
import { controlFrameSchema, streamUpdateSchema, type LoginFrame, type LoginOkFrame, type StreamUpdate } from '../../src/wire/stream-schemas.ts';

export interface UpstreamStreamEvents {
  /**
   * Logged in. `lost`: `all` on a first login or a new serverEpoch (nothing can be resumed), else
   * the subscribed channels outside `replayChannels` (what was sent on them while away is gone;
   * empty: a full resume).
   */
  loggedIn(frame: LoginOkFrame, lost: 'all' | readonly string[]): void;
  /** The upstream asked for a REST re-snapshot (`snapshot_required`). */
  snapshotRequired(reason: string): void;
  data(update: StreamUpdate): void;
  /** The socket closed; a reconnect follows after `retryMs`. */
  down(reason: string, retryMs: number): void;
}

export interface UpstreamStreamOptions {
  /** `ws(s)://host/ws`. */
  readonly url: string;
  readonly key: string;
  /** The bookmakers the bookmaker-gated channels need named (all the key may see). */
  readonly bookmakers: () => readonly string[];
  readonly events: UpstreamStreamEvents;
  readonly log: (line: string) => void;
}

const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 5000;

export class UpstreamStream {
  private socket: WebSocket | null = null;
  private serverEpoch: string | null = null;
  private readonly lastSeen: Record<string, string> = {};
  private backoffMs = BACKOFF_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Frames and logins counted for the log and tests. */
  readonly counts = { frames: 0, logins: 0, resumes: 0 };

  constructor(private readonly options: UpstreamStreamOptions) {}

  start(): void {
    this.connect();
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.socket?.close(1000, 'relay closing');
    this.socket = null;
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(this.options.url, { maxPayload: 64 * 1024 * 1024 });
    this.socket = socket;
    let loggedIn = false;
    socket.on('open', () => {
      const resuming = this.serverEpoch !== null;
      const login: LoginFrame = {
        type: 'login',
        apiKey: this.options.key,
        bookmakers: [...this.options.bookmakers()],
        lang: 'en',
        receiveType: 'json',
        clientName: 'odds-relay',
        ...(resuming && this.serverEpoch !== null ? { serverEpoch: this.serverEpoch, lastSeenId: { ...this.lastSeen } } : {}),
      };
      socket.send(JSON.stringify(login));
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return; // json was asked for; a gateway that downgrades only ever goes to json
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data).toString('utf8');
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        this.options.log('relay: an upstream frame was not JSON; skipped');
        return;
      }
      if (typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'UPDATE') {
        const parsed = safeParseWire(streamUpdateSchema, value, 'upstream frame');
        if (!parsed.ok) {
          this.options.log(`relay: an upstream frame failed its schema (${parsed.error.message.split('\n')[0] ?? ''}); skipped`);
          return;
        }
        this.counts.frames++;
        this.lastSeen[parsed.value.channel] = parsed.value.entryId;
        this.options.events.data(parsed.value);
        return;
      }
      const control = safeParseWire(controlFrameSchema, value, 'upstream control frame');
      if (!control.ok) return;
      const frame = control.value;
      switch (frame.type) {
        case 'login_ok': {
          loggedIn = true;
          this.backoffMs = BACKOFF_FIRST_MS;
          this.counts.logins++;
          const before = this.serverEpoch;
          const sameEpoch = before !== null && before === frame.resume.serverEpoch;
          // Channels outside replayChannels lost what was sent while away: only REST has it.
          const replayed = new Set(frame.resume.replayChannels);
          const lost = frame.channels.filter((channel) => !replayed.has(channel));
          if (sameEpoch) this.counts.resumes++;
          this.serverEpoch = frame.resume.serverEpoch;
          if (!sameEpoch) for (const channel of Object.keys(this.lastSeen)) Reflect.deleteProperty(this.lastSeen, channel);
          this.options.events.loggedIn(frame, sameEpoch ? lost : 'all');
          return;
        }
        case 'snapshot_required':
          this.serverEpoch = frame.serverEpoch;
          for (const channel of frame.channels) Reflect.deleteProperty(this.lastSeen, channel);
          this.options.events.snapshotRequired(frame.reason);
          return;
        case 'error':
          this.options.log(`relay: the upstream gateway refused the login: ${frame.code} ${frame.message}`);
          return;
        case 'reconnect':
          // The upstream is going down for an upgrade: resume on a fresh socket at once.
          socket.close(1000, 'reconnecting');
          return;
        default:
          return;
      }
    });
    socket.on('error', () => {
      // The close event follows and says it; the error's text may name the URL only.
    });
    socket.on('close', (code, reason) => {
      if (this.socket === socket) this.socket = null;
      if (this.closed) return;
      const retryMs = this.backoffMs;
      this.backoffMs = Math.min(BACKOFF_MAX_MS, this.backoffMs * 2);
      this.options.events.down(`${loggedIn ? 'closed' : 'could not log in'} (${String(code)}${reason.length > 0 ? ` ${reason.toString()}` : ''})`, retryMs);
      this.timer = setTimeout(() => {
        this.timer = null;
        this.connect();
      }, retryMs);
    });
  }
}
