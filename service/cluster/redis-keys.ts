// The Redis keys of a cluster's feed (docs/deploy.md): one set of streams per cluster, under one
// prefix, owned by the producer. Shared by the producer's publisher and the edges' readers.
import { Packr } from 'msgpackr';
import type { Channel } from '../../src/wire/stream-schemas.ts';

export interface FeedKeys {
  /** Hash: `epoch` (the serverEpoch of the streams' lifetime) and `snapshotId` (the feed id the snapshot is at). */
  readonly meta: string;
  /** String: the producer's whole state at `snapshotId` (msgpack), for an edge that starts. */
  readonly snapshot: string;
  /** Stream: every feed message (batch, status, a producer's fresh snapshot) in order; what an edge blocks on. */
  readonly feed: string;
  /** Stream per channel: each data frame under its entryId, trimmed to the resume window (what resume reads). */
  channel(channel: Channel): string;
}

export function feedKeys(prefix = 'odds'): FeedKeys {
  return {
    meta: `${prefix}:meta`,
    snapshot: `${prefix}:snapshot`,
    feed: `${prefix}:feed`,
    channel: (channel) => `${prefix}:ch:${channel}`,
  };
}

/**
 * The feed's encoding on Redis: msgpack, without msgpackr's record extension (plain maps, so any
 * msgpack reader can follow the feed), and numbers kept as doubles where they were doubles.
 */
export const feedCodec = new Packr({ useRecords: false, moreTypes: false });

/**
 * Logs a Redis connection's errors at most once per 10 s: ioredis reconnects by itself, and an
 * unreachable Redis would otherwise print one unhandled error per retry.
 */
export function logRedisErrors(redis: { on(event: 'error', listener: (error: Error) => void): unknown }, log: (line: string) => void, what: string): void {
  let lastAt = 0;
  redis.on('error', (error) => {
    if (Date.now() - lastAt < 10_000) return;
    lastAt = Date.now();
    log(`${what}: Redis unreachable (${error.message}); retrying`);
  });
}
