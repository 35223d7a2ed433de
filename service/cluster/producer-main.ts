// A cluster's producer process (`npm run cluster` starts one; docs/deploy.md): the simulator and
// its history writes, publishing the feed on Redis Streams (REDIS_URL) for every edge, with the
// admin knobs on ADMIN_PORT. It serves no client itself; a restarted producer continues the
// streams' epoch and publishes what moved while it was away (redis-publisher.ts).
import { Redis } from 'ioredis';
import { startAdminServer } from '../admin/admin-server.ts';
import { ensureAdminToken } from '../admin/admin-token.ts';
import { onStopSignals, runMain } from '../process-lifecycle.ts';
import { loadConfig } from '../config.ts';
import { openProducer } from '../producer/open-producer.ts';
import { openHistoryFor } from '../storage/open-history.ts';
import type { FeedMessage, FeedSnapshot } from '../producer/feed.ts';
import { feedKeys, logRedisErrors } from './redis-keys.ts';
import { RedisFeedPublisher } from './redis-publisher.ts';

function log(line: string): void {
  console.log(`${new Date().toISOString()} producer: ${line}`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const redisUrl = process.env.REDIS_URL;
  if (redisUrl === undefined || redisUrl === '') throw new Error('REDIS_URL is required: the producer publishes its feed there (e.g. redis://127.0.0.1:4202)');
  // Commands wait while Redis is away (none fails): the feed continues when it is back.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  logRedisErrors(redis, log, 'feed');
  // The history: SQLite under DATA_DIR, or PostgreSQL (DATABASE_URL), opened as the thread opens it.
  const history = await openHistoryFor(config, { log });
  const opened = openProducer(config, { log, history });
  const startedAt = Date.now();
  // The producer hands its snapshot at once; what comes before the publisher is ready waits.
  const firsts: FeedSnapshot[] = [];
  const sink: { publisher: RedisFeedPublisher | null } = { publisher: null };
  const early: FeedMessage[] = [];
  opened.producer.subscribe((message) => {
    if (firsts.length === 0 && message.kind === 'snapshot') firsts.push(message.snapshot);
    else if (sink.publisher === null) early.push(message);
    else sink.publisher.publish(message);
  });
  const first = firsts[0];
  if (first === undefined) throw new Error('the producer gave no snapshot');
  const started = new RedisFeedPublisher({
    redis,
    keys: feedKeys(process.env.REDIS_PREFIX ?? 'odds'),
    resumeWindowMs: config.gateway.resumeWindowMs,
    now: () => opened.simulator.now(),
    snapshot: () => opened.producer.snapshot(),
    busy: () => opened.simulator.tickInProgress,
    log,
  });
  await started.start(first);
  sink.publisher = started;
  for (const message of early) started.publish(message);
  const token = ensureAdminToken(config.dataDir);
  const admin = await startAdminServer(
    {
      call: (method, path, body, query) => opened.producer.knob(method, path, body, query),
      health: () => ({ mode: 'process', state: 'running', since: startedAt, restarts: 0, lastCrash: null, serverEpoch: started.serverEpoch }),
      crash: () => {
        throw new Error('a cluster producer is a process: stop it (SIGKILL) to test a restart');
      },
    },
    config.adminPort,
    token,
  );
  opened.producer.startStatus();
  opened.simulator.start();
  log(`publishing to ${redisUrl.replace(/\/\/[^@]*@/, '//')} (epoch ${started.serverEpoch}); admin API on http://127.0.0.1:${String(config.adminPort)}`);
  onStopSignals((signal) => {
    log(`${signal}: flushing history and closing`);
    started.stop();
    opened.close();
    admin.close();
    // Exit once the history's last batch is written and Redis has the last feed writes.
    void opened
      .closed()
      .then(() => redis.quit())
      .finally(() => process.exit(0));
  });
}

runMain(main);
