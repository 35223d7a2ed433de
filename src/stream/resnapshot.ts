// Re-snapshots (docs/stream-client.md): the channels the stream cannot fill are fetched from REST
// while their deltas are buffered; then one authoritative seed is emitted, followed by the deltas
// buffered since the request was sent. One fetch runs at a time; a channel asked for again while
// its fetch runs is fetched again.
import type { BookOp } from '../book/book.ts';
import { withoutDropped, withoutDroppedIds } from '../domain/dropped-filters.ts';
import type { Channel, StreamUpdate } from '../wire/stream-schemas.ts';
import type { SnapshotSource } from './snapshots.ts';
import type { StatusBoard } from './stream-status.ts';
import type { Timers } from './timers.ts';

const SNAPSHOT_RETRY_MS = 2_000;

export interface ResnapshotOptions {
  readonly snapshots: SnapshotSource;
  /** The fixtures and futures the book holds: the scope of odds re-snapshots. */
  readonly scope: () => { readonly fixtureIds: readonly string[]; readonly futureIds: readonly string[] };
  /** The login's filters: what to ask REST for. */
  readonly filters: { readonly sportIds?: readonly number[] | undefined; readonly bookmakers: readonly string[] };
  readonly emit: (ops: readonly BookOp[]) => void;
  readonly status: StatusBoard;
  readonly timers: Timers;
  /** Most frames buffered before the buffer is dropped and the snapshot redone. */
  readonly maxBuffered: number;
  readonly isStopped: () => boolean;
  /** Whether a socket is open (the phase to show once the fetches are done). */
  readonly isConnected: () => boolean;
}

export class ResnapshotCoordinator {
  /** channel → buffered frames while that channel is being re-snapshotted. */
  private readonly pending = new Map<Channel, StreamUpdate[]>();
  private running = false;
  private again = false;
  private abort: AbortController | null = null;

  constructor(private readonly options: ResnapshotOptions) {}

  /** True while some channel waits for its snapshot. */
  get waiting(): boolean {
    return this.pending.size > 0;
  }

  /** Re-snapshots `channels`; injuries, lineups and stats are not in the book (pages read them from REST), so have none. */
  request(channels: readonly Channel[]): void {
    const rest = channels.filter((c) => c !== 'injuries' && c !== 'lineups' && c !== 'stats');
    if (rest.length === 0) return;
    for (const channel of rest) {
      if (this.pending.has(channel)) this.again = true;
      else this.pending.set(channel, []);
    }
    this.options.status.set({ phase: 'resnapshotting', resnapshotChannels: [...this.pending.keys()] });
    if (!this.running) void this.run();
  }

  /** Keeps `frame` for after its channel's snapshot; false when its channel is not being re-snapshotted. */
  buffer(frame: StreamUpdate): boolean {
    const buffer = this.pending.get(frame.channel);
    if (buffer === undefined) return false;
    buffer.push(frame);
    if (buffer.length > this.options.maxBuffered) {
      // A stuck REST fetch must not grow memory without bound: drop and fetch again later.
      buffer.length = 0;
      this.again = true;
    }
    return true;
  }

  /** Aborts the fetch in flight (the client stops). */
  stop(): void {
    this.abort?.abort();
  }

  private async run(): Promise<void> {
    const { snapshots, scope, filters, emit, status, timers, isStopped } = this.options;
    // Read through a function: the flag changes across awaits, which narrowing cannot see.
    const mustRefetch = (): boolean => this.again;
    this.running = true;
    try {
      while (this.pending.size > 0 && !isStopped()) {
        this.again = false;
        const channels = [...this.pending.keys()];
        // Only deltas received after the request is sent are needed on top of the snapshot.
        for (const channel of channels) this.pending.set(channel, []);
        const held = scope();
        const dropped = status.current.dropped;
        // What login_ok dropped stays out: REST refuses it with a 403 that no retry heals.
        const chosen = withoutDropped({ sportIds: filters.sportIds ?? [], bookmakers: filters.bookmakers }, dropped);
        this.abort = new AbortController();
        let snapshot;
        try {
          snapshot = await snapshots.fetch(
            {
              channels,
              fixtureIds: withoutDroppedIds(held.fixtureIds, dropped),
              futureIds: withoutDroppedIds(held.futureIds, dropped),
              bookmakers: chosen.bookmakers,
              sportIds: chosen.sportIds,
            },
            this.abort.signal,
          );
        } catch (error) {
          if (isStopped()) return;
          status.set({ problem: `Re-snapshot of ${channels.join(', ')} failed: ${(error as Error).message}; retrying.` });
          await new Promise((resolve) => timers.setTimeout(() => { resolve(undefined); }, SNAPSHOT_RETRY_MS));
          continue;
        }
        // A snapshot_required for a channel of this fetch arrived meanwhile: fetch again.
        if (mustRefetch()) continue;
        const ops: BookOp[] = [{ op: 'seed', snapshot, authoritative: true }];
        for (const channel of channels) {
          for (const frame of this.pending.get(channel) ?? []) ops.push({ op: 'update', frame });
          this.pending.delete(channel);
        }
        emit(ops);
      }
    } finally {
      this.running = false;
      this.abort = null;
    }
    if (!isStopped()) {
      const phase = status.current.phase;
      status.set({
        resnapshotChannels: [],
        phase: !this.options.isConnected() ? 'offline' : phase === 'resnapshotting' ? 'connected' : phase,
      });
    }
  }
}
