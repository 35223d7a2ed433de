// One socket's incoming frames, from open to close: text and binary messages decoded by the
// negotiated receiveType (frames wait, in order, while its decoder loads), control frames acted
// on, data frames checked and handed to the client. A fresh session per socket, so nothing of a
// closed socket (its decoder, its queue, its refusal) reaches the next one.
import { safeParseWire } from '../wire/validate.ts';
import { CHANNELS, controlFrameSchema, streamUpdateSchema, type Channel, type ControlFrame, type LoginOkFrame, type StreamUpdate } from '../wire/stream-schemas.ts';
import { base64ToBytes } from './base64.ts';
import type { CursorTracker } from './cursor-tracker.ts';
import { createFrameDecoder, decodeText, FrameDecodeError, type DictDecompressorLoader, type FrameDecoder } from './decoders.ts';
import type { ResnapshotCoordinator } from './resnapshot.ts';
import type { ConnectionPhase, StatusBoard } from './stream-status.ts';

/** What a session needs of the client it belongs to. */
export interface SessionHost {
  readonly status: StatusBoard;
  readonly cursors: CursorTracker;
  readonly resnapshot: ResnapshotCoordinator;
  readonly loadDict: DictDecompressorLoader | undefined;
  /** Applies the socket's login_ok (cursors, status, re-snapshots, feed watch); returns whether a replay runs. */
  loggedIn(frame: LoginOkFrame): boolean;
  /** A checked data frame, in arrival order. */
  data(frame: StreamUpdate): void;
  /** A frame that could not be read. */
  malformed(): void;
  reconnectNow(): void;
}

export function isChannel(name: string): name is Channel {
  return (CHANNELS as readonly string[]).includes(name);
}

export class SocketSession {
  private decoder: FrameDecoder | null = null;
  private decoderReady: Promise<FrameDecoder> | null = null;
  /** Frames received while the decoder of the negotiated mode loads (zstd-dict imports wasm). */
  private queue: unknown[] = [];
  private resuming = false;
  private refusalMessage: string | null = null;

  constructor(
    private readonly ws: { close(code?: number, reason?: string): void },
    private readonly host: SessionHost,
    /** True while this session's socket is the client's socket. */
    private readonly isCurrent: () => boolean,
  ) {}

  /** The message of the gateway's `error` frame, which comes before its close. */
  get refusal(): string | null {
    return this.refusalMessage;
  }

  receive(data: unknown): void {
    try {
      if (this.decoder === null && this.decoderReady !== null) {
        // The negotiated decoder is loading: keep every frame, dict frames included, in order.
        this.queue.push(data);
        return;
      }
      if (typeof data === 'string') {
        const value = decodeText(data);
        const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
        if (type === 'UPDATE') {
          if (this.decoder === null) this.queue.push(data);
          else this.dataFrame(value);
          return;
        }
        const control = safeParseWire(controlFrameSchema, value, 'stream control frame');
        if (!control.ok) {
          this.host.malformed();
          return;
        }
        this.control(control.value);
        return;
      }
      const bytes = toBytes(data);
      if (bytes === null) {
        this.host.malformed();
        return;
      }
      if (this.decoder === null) {
        this.queue.push(bytes);
        return;
      }
      this.dataFrame(this.decoder.decodeBinary(bytes));
    } catch (error) {
      if (error instanceof FrameDecodeError) this.host.malformed();
      else throw error;
    }
  }

  private dataFrame(value: unknown): void {
    const parsed = safeParseWire(streamUpdateSchema, value, 'stream data frame');
    if (!parsed.ok) {
      this.host.malformed();
      return;
    }
    this.host.data(parsed.value);
  }

  private control(frame: ControlFrame): void {
    const { status, cursors, resnapshot } = this.host;
    switch (frame.type) {
      case 'login_ok':
        this.loginOk(frame);
        break;
      case 'resume_complete':
        this.resuming = false;
        status.set({ phase: this.phaseAfterLogin(false) });
        break;
      case 'snapshot_required': {
        const channels = frame.channels.filter(isChannel);
        cursors.forget(channels, frame.serverEpoch);
        resnapshot.request(channels);
        // `server_restarted` mid-stream (a cluster's Redis lost its streams): the frames go on under the new epoch.
        if (frame.serverEpoch !== status.current.serverEpoch) status.set({ serverEpoch: frame.serverEpoch });
        // A cursor older than the window (a reload after a quiet minute) is the protocol's
        // normal way back, handled by the re-snapshot the phase already shows: not a problem.
        if (frame.reason !== 'resume_window_exceeded') {
          status.set({ problem: `Replay impossible (${frame.reason}): re-fetching ${channels.join(', ')} from REST.` });
        }
        break;
      }
      case 'reconnect':
        // The server keeps streaming a few seconds, but resuming at once loses nothing.
        status.set({ problem: `The gateway asked for a reconnect (${frame.reason}).` });
        this.host.reconnectNow();
        break;
      case 'dict':
        try {
          this.decoder?.addDictionary(frame.dictId, base64ToBytes(frame.data));
        } catch {
          this.host.malformed();
        }
        break;
      case 'error':
        this.refusalMessage = frame.message;
        status.set({ problem: `${frame.code}: ${frame.message}`, needsSettings: frame.code === 'unauthorized' || status.current.needsSettings });
        break;
      default: {
        const unhandled: never = frame;
        throw new Error(`unhandled control frame ${JSON.stringify(unhandled)}`);
      }
    }
  }

  private loginOk(frame: LoginOkFrame): void {
    // One login, one answer: a second login_ok would replace the decoder (and its
    // dictionaries) mid-stream, so it counts as malformed instead.
    if (this.decoderReady !== null) {
      this.host.malformed();
      return;
    }
    this.resuming = this.host.loggedIn(frame);
    this.decoderReady = createFrameDecoder(frame.receiveType, this.host.loadDict);
    this.decoderReady.then(
      (ready) => {
        if (!this.isCurrent()) return;
        this.decoder = ready;
        const waiting = this.queue;
        this.queue = [];
        for (const data of waiting) this.receive(data);
        this.host.status.set({ phase: this.phaseAfterLogin(this.resuming) });
      },
      (error: unknown) => {
        this.host.status.set({ problem: `Cannot decode ${frame.receiveType}: ${(error as Error).message}` });
        this.ws.close(1000, 'decoder unavailable');
      },
    );
  }

  private phaseAfterLogin(resuming: boolean): ConnectionPhase {
    if (this.host.resnapshot.waiting) return 'resnapshotting';
    return resuming ? 'resuming' : 'connected';
  }
}

/** The bytes of a binary message: ArrayBuffer (browsers, ws with binaryType arraybuffer) or a view. */
function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}
