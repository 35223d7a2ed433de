// The producer's side of the feed on Redis Streams (issue #24, docs/deploy.md). Every data frame
// is stamped here with its channel's next entryId and appended to that channel's stream under it
// (`<ts_ms>-<seq>` is Redis's own id shape), and the whole feed message goes on the feed stream
// that every edge reads once. Trimming channel streams by MINID = now − resume window makes the
// replay window exactly the trim policy. The serverEpoch lives in the meta hash and changes only
// when Redis has lost the streams (a new or flushed instance), never when a producer or an edge
// restarts: a restarted producer publishes its fresh state and the difference from the state the
// streams held, stamped, so clients resume across it.
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { formatEntryId, nextEntryId, parseEntryId, type EntryId } from '../../src/domain/entry-id.ts';
import type { Channel } from '../../src/wire/stream-schemas.ts';
import { LiveState } from '../edge/live-state.ts';
import type { FeedBatch, FeedMessage, FeedSnapshot } from '../producer/feed.ts';
import type { ChangeBatch, ChangeItem } from '../sim/change-feed.ts';
import { feedCodec, type FeedKeys } from './redis-keys.ts';
import { readFeedState } from './redis-reader.ts';

export interface PublisherOptions {
  readonly redis: Redis;
  readonly keys: FeedKeys;
  readonly resumeWindowMs: number;
  /** The producer's clock (simulation time: the clock of every entryId). */
  readonly now: () => number;
  /** How often the snapshot key is refreshed (an edge that starts reads it, then the feed after it). */
  readonly snapshotEveryMs?: number;
  readonly log: (line: string) => void;
}

/** How far behind the snapshot the feed stream keeps entries, for an edge that read an older snapshot. */
const FEED_MARGIN_MS = 30_000;

export class RedisFeedPublisher {
  private epoch = '';
  /**
   * The feed as the edges hold it: every message published, folded. A new snapshot (a producer
   * that restarted) is compared with it, and the snapshot key is written from it.
   */
  private mirror: LiveState;
  /** The last entryId stamped per channel (and on the feed stream). */
  private readonly latest = new Map<string, EntryId>();
  private feedLatest: EntryId | null = null;
  private timer: NodeJS.Timeout | null = null;
  private lastSnapshotAt = 0;
  private checking = false;
  private readonly opts: PublisherOptions;

  constructor(options: PublisherOptions) {
    this.opts = options;
    this.mirror = new LiveState(options.now);
  }

  get serverEpoch(): string {
    return this.epoch;
  }

  /**
   * Takes the streams' epoch (creating it on a new Redis), the ids already used and the state the
   * streams hold, so that the producer's first snapshot is published with its difference from it.
   */
  async start(): Promise<void> {
    const { redis, keys } = this.opts;
    await redis.hsetnx(keys.meta, 'epoch', randomBytes(8).toString('hex'));
    this.epoch = (await redis.hget(keys.meta, 'epoch')) ?? '';
    const prior = await readFeedState(redis, keys);
    if (prior !== null && prior.epoch === this.epoch) {
      for (const [channel, id] of prior.latest) this.latest.set(channel, parseEntryId(id));
      this.feedLatest = parseEntryId(prior.feedId);
      this.mirror.fold({ kind: 'snapshot', snapshot: prior.snapshot });
      for (const message of prior.tail) this.mirror.fold(message);
      this.opts.log(`feed: continuing the streams of epoch ${this.epoch}`);
    } else {
      this.opts.log(`feed: new streams, epoch ${this.epoch}`);
    }
    this.timer = setInterval(() => {
      void this.housekeep();
    }, 1000);
    this.timer.unref();
  }

  /** Publishes one feed message from the producer. */
  publish(message: FeedMessage): void {
    if (message.kind === 'batch') {
      this.mirror.fold(message);
      this.publishBatch(message.batch);
    } else if (message.kind === 'snapshot') {
      // A producer's (re)start: the edges take its state, then the stamped difference from what
      // they held, so their clients neither re-snapshot nor keep a price no longer quoted.
      const diffs: ChangeBatch[] = [];
      const stop = this.mirror.onChange((batch) => diffs.push(batch));
      this.mirror.fold(message);
      stop();
      // The mirror's state, not the message's: rows the restarted producer holds older than the
      // streams had are stamped forward there (live-state.ts), and the edges must hold the same.
      const state = this.mirror.snapshot(message.snapshot.ts);
      this.publishSnapshot(message.snapshot.mirrored === true ? { ...state, mirrored: true } : state);
      for (const diff of diffs) this.publishBatch(emptyFeedBatch(diff));
      const moved = diffs.reduce((n, diff) => n + diff.items.length, 0);
      if (moved > 0) this.opts.log(`feed: a producer (re)started; ${String(moved)} changes from the state the streams held`);
    } else {
      this.appendFeed(message);
    }
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  private nextId(key: string, ts: number): EntryId {
    const id = nextEntryId(this.latest.get(key) ?? null, ts);
    this.latest.set(key, id);
    return id;
  }

  private publishBatch(batch: FeedBatch): void {
    const { redis, keys } = this.opts;
    const pipeline = redis.pipeline();
    const items: ChangeItem[] = batch.items.map((item) => {
      const id = this.nextId(item.channel, batch.ts);
      const entryId = formatEntryId(id.ms, id.seq);
      pipeline.xadd(keys.channel(item.channel), entryId, 't', String(batch.ts), 'p', feedCodec.pack(item.payload));
      return { ...item, entryId };
    });
    this.appendFeed({ kind: 'batch', batch: { ...batch, items } }, pipeline);
  }

  private publishSnapshot(snapshot: FeedSnapshot): void {
    const pipeline = this.opts.redis.pipeline();
    const feedId = this.appendFeed({ kind: 'snapshot', snapshot }, pipeline);
    this.writeSnapshotKey(snapshot, feedId, pipeline);
  }

  /** Appends a message to the feed stream (in `pipeline`, executed here when it is the caller's last step); returns its id. */
  private appendFeed(message: FeedMessage, pipeline = this.opts.redis.pipeline()): string {
    const id = nextEntryId(this.feedLatest, this.opts.now());
    this.feedLatest = id;
    const feedId = formatEntryId(id.ms, id.seq);
    pipeline.xadd(this.opts.keys.feed, feedId, 'e', this.epoch, 'm', feedCodec.pack(message));
    if (message.kind !== 'snapshot') this.exec(pipeline);
    return feedId;
  }

  private writeSnapshotKey(snapshot: FeedSnapshot, feedId: string, pipeline = this.opts.redis.pipeline()): void {
    const { keys } = this.opts;
    pipeline.set(keys.snapshot, feedCodec.pack({ feedId, epoch: this.epoch, snapshot }));
    pipeline.hset(keys.meta, 'snapshotId', feedId);
    this.lastSnapshotAt = Date.now();
    this.exec(pipeline);
  }

  private exec(pipeline: ReturnType<Redis['pipeline']>): void {
    pipeline.exec().catch((error: unknown) => {
      this.opts.log(`feed: a Redis write failed: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /**
   * Once a second: trims the streams, refreshes the snapshot key, and notices a Redis that lost
   * the streams (its meta hash is gone): a new epoch and a fresh snapshot then.
   */
  private async housekeep(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    const { redis, keys, resumeWindowMs } = this.opts;
    try {
      const epoch = await redis.hget(keys.meta, 'epoch');
      if (epoch !== this.epoch) {
        this.epoch = randomBytes(8).toString('hex');
        await redis.hset(keys.meta, 'epoch', this.epoch);
        this.opts.log(`feed: Redis lost the streams (epoch ${epoch ?? 'gone'}); new epoch ${this.epoch}`);
        this.lastSnapshotAt = 0;
      }
      const snapshotEveryMs = this.opts.snapshotEveryMs ?? 5_000;
      if (Date.now() - this.lastSnapshotAt >= snapshotEveryMs && this.feedLatest !== null) {
        // Between two messages the mirror is exactly the state at the last feed id.
        const feedId = formatEntryId(this.feedLatest.ms, this.feedLatest.seq);
        this.writeSnapshotKey(this.mirror.snapshot(this.opts.now()), feedId);
        const minMs = this.feedLatest.ms - FEED_MARGIN_MS;
        await redis.xtrim(keys.feed, 'MINID', '~', String(Math.max(0, minMs)));
      }
      const minId = String(Math.max(0, this.opts.now() - resumeWindowMs));
      const pipeline = redis.pipeline();
      for (const channel of this.latest.keys()) pipeline.xtrim(keys.channel(channel as Channel), 'MINID', minId);
      await pipeline.exec();
    } catch (error) {
      this.opts.log(`feed: housekeeping failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.checking = false;
    }
  }
}

function emptyFeedBatch(batch: ChangeBatch): FeedBatch {
  return { ...batch, views: [], scopes: [], futureScopes: [], futureViews: [], pricing: [], added: [], purged: [] };
}
