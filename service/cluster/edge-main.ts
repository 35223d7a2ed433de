// A cluster's edge process (`npm run cluster` starts two behind HAProxy; docs/deploy.md): REST,
// the gateway at /ws and the dashboard's files, answered from a live state folded from the feed on
// Redis Streams (REDIS_URL), with the gateway's replay read from the channels' streams, so that any
// edge answers any request and a client resumes on any edge.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { onStopSignals, runMain } from '../process-lifecycle.ts';
import { loadConfig, PROJECT_ROOT } from '../config.ts';
import { startService } from '../service.ts';
import { FeedProducerHost } from './feed-host.ts';
import { feedKeys, logRedisErrors } from './redis-keys.ts';
import { SharedLimits } from './shared-limits.ts';
import { readFeedState, RedisFeedReader, RedisReplayLog, type FeedState } from './redis-reader.ts';

const name = process.env.EDGE_NAME ?? `edge-${String(process.pid)}`;

function log(line: string): void {
  console.log(`${new Date().toISOString()} ${name}: ${line}`);
}

/** Waits for the producer's first snapshot on Redis (an edge may start first). */
async function firstState(redis: Redis, keys: ReturnType<typeof feedKeys>): Promise<FeedState> {
  for (let waited = 0; ; waited += 500) {
    const state = await readFeedState(redis, keys);
    if (state !== null) return state;
    if (waited % 10_000 === 0) log('waiting for the producer\'s first snapshot on Redis…');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl === undefined || redisUrl === '') throw new Error('REDIS_URL is required: the edge reads the producer\'s feed there (e.g. redis://127.0.0.1:4202)');
  const producerAdmin = process.env.PRODUCER_ADMIN_URL ?? 'http://127.0.0.1:4201';
  const prefix = process.env.REDIS_PREFIX ?? 'odds';
  const keys = feedKeys(prefix);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  logRedisErrors(redis, log, 'edge');
  const state = await firstState(redis, keys);
  const replayLog = new RedisReplayLog(redis, keys, state.latest);
  // The producer's admin token: the file in DATA_DIR it wrote (one machine), or ADMIN_TOKEN.
  const token = (): string => process.env.ADMIN_TOKEN ?? readFileSync(path.join(config.dataDir, 'admin-token'), 'utf8').trim();
  const host = new FeedProducerHost(producerAdmin, token);
  const dashboardDir = path.join(PROJECT_ROOT, 'dist');
  const subscriber = redis.duplicate();
  logRedisErrors(subscriber, log, 'limits');
  const limits = new SharedLimits(redis, subscriber, name, prefix, log);
  const service = await startService(config, {
    shared: { rateLimitRedis: redis, connectionCap: limits, shareThrottle: (throttle) => limits.start(throttle) },
    log,
    ...(existsSync(dashboardDir) ? { dashboardDir } : {}),
    replay: { log: replayLog, serverEpoch: state.epoch },
    producer: (listener) => {
      listener({ kind: 'snapshot', snapshot: state.snapshot });
      for (const message of state.tail) {
        listener(message);
        host.observe(message);
      }
      return Promise.resolve(host);
    },
  });
  const blocking = redis.duplicate();
  logRedisErrors(blocking, log, 'feed reader');
  const reader = new RedisFeedReader(blocking, keys, state.epoch, state.feedId, {
    message(message) {
      // A producer that restarted sends its fresh state, then the difference as a stamped batch.
      if (message.kind === 'snapshot') service.live.replace(message.snapshot);
      else service.live.fold(message);
      host.observe(message);
    },
    restarted(next) {
      service.live.replace(next.snapshot);
      replayLog.reset(next.latest);
      service.gateway.restartEpoch(next.epoch);
    },
    log,
  });
  reader.start();
  log(`listening on ${service.url} (feed epoch ${state.epoch}, from feed id ${state.feedId})`);
  onStopSignals((signal) => {
    log(`${signal}: closing`);
    void reader
      .stop()
      .then(() => limits.stop())
      .then(() => service.close())
      .then(() => redis.quit())
      .finally(() => process.exit(0));
  });
}

runMain(main);
