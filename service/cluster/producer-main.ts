// A cluster's producer process (`npm run cluster` starts one; docs/deploy.md): the producer as
// `npm start` runs it (the simulator and its history writes in a worker thread of their own,
// restarted if it crashes; or the relay of an upstream, UPSTREAM_URL), with this thread publishing
// its feed on Redis Streams (REDIS_URL) for every edge, and the admin knobs on ADMIN_PORT. It
// serves no client itself. A restarted producer (thread or process) continues the streams' epoch
// and publishes what moved while it was away (redis-publisher.ts).
import { Redis } from 'ioredis';
import { startAdminServer } from '../admin/admin-server.ts';
import { ensureAdminToken } from '../admin/admin-token.ts';
import { onStopSignals, runMain } from '../process-lifecycle.ts';
import { loadConfig } from '../config.ts';
import { startProducer } from '../producer/producer-host.ts';
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
  const publisher = new RedisFeedPublisher({
    redis,
    keys: feedKeys(process.env.REDIS_PREFIX ?? 'odds'),
    resumeWindowMs: config.gateway.resumeWindowMs,
    // The producer's thread runs the system clock, as this one.
    now: () => Date.now(),
    log,
  });
  await publisher.start();
  const host = await startProducer(config, {
    log,
    listener: (message) => {
      publisher.publish(message);
    },
  });
  const admin = await startAdminServer(host, config.adminPort, ensureAdminToken(config.dataDir));
  log(`publishing to ${redisUrl.replace(/\/\/[^@]*@/, '//')} (epoch ${publisher.serverEpoch}); admin API on http://127.0.0.1:${String(config.adminPort)}`);
  onStopSignals((signal) => {
    log(`${signal}: flushing history and closing`);
    publisher.stop();
    admin.close();
    // Exit once the history's last batch is written and Redis has the last feed writes.
    void host
      .close()
      .then(() => redis.quit())
      .finally(() => process.exit(0));
  });
}

runMain(main);
