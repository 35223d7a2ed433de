// The per-key and per-address limits of a cluster, counted across its edges in Redis
// (docs/deploy.md): the REST rate limits are @fastify/rate-limit's own Redis store (service/http/
// app.ts); this module shares the other two.
// - The 5-connections-per-key cap: each edge keeps its open counts per key in a hash of its own,
//   `odds:conns:<edge>`, that expires unless refreshed (a killed edge's connections stop counting
//   within CONNS_TTL_MS); a login takes its place with one script that sums every edge's count
//   and adds to its own only when under the cap, so two edges never both admit the fifth.
// - The failed-auth throttle: each failure an edge counts is published on `odds:authfail`; every
//   edge records the others' in its own throttle, so an address's failures count on every edge.
import type { Redis } from 'ioredis';
import type { SharedConnectionCap } from '../gateway/gateway.ts';
import type { AuthThrottle } from '../http/auth-throttle.ts';

const CONNS_TTL_MS = 5_000;
const REFRESH_MS = 1_000;

/**
 * Takes a place of a key's cap atomically over every edge's count: KEYS[1] is the set of the
 * edges' count hashes, KEYS[2] this edge's. A hash that expired (its edge stopped refreshing it:
 * killed) leaves the set and stops counting.
 */
const RESERVE = `
local total = 0
for _, h in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if h ~= KEYS[2] and redis.call('EXISTS', h) == 0 then
    redis.call('SREM', KEYS[1], h)
  else
    total = total + tonumber(redis.call('HGET', h, ARGV[1]) or '0')
  end
end
if total >= tonumber(ARGV[2]) then return 0 end
redis.call('HINCRBY', KEYS[2], ARGV[1], 1)
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('SADD', KEYS[1], KEYS[2])
return 1
`;

export class SharedLimits implements SharedConnectionCap {
  /** Places this edge holds per key (what its count hash says, rewritten on every refresh). */
  private readonly mine = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    /** A second connection: a subscribed one can do nothing else. */
    private readonly subscriber: Redis,
    private readonly edge: string,
    private readonly prefix = 'odds',
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  private get ownKey(): string {
    return `${this.prefix}:conns:${this.edge}`;
  }

  private get edgesKey(): string {
    return `${this.prefix}:conns`;
  }

  /** Starts sharing: the connection counts, and the failures of `throttle`. */
  async start(throttle: AuthThrottle): Promise<void> {
    const channel = `${this.prefix}:authfail`;
    throttle.onFail = (address, at) => {
      this.redis.publish(channel, JSON.stringify({ edge: this.edge, address, at })).catch(() => undefined);
    };
    this.subscriber.on('message', (from: string, text: string) => {
      if (from !== channel) return;
      try {
        const { edge, address, at } = JSON.parse(text) as { edge: string; address: string; at: number };
        if (edge !== this.edge && typeof address === 'string' && typeof at === 'number') throttle.recordElsewhere(address, at);
      } catch {
        // Not one of ours: ignored.
      }
    });
    await this.subscriber.subscribe(channel);
    await this.refresh();
    this.timer = setInterval(() => {
      void this.refresh();
    }, REFRESH_MS);
    this.timer.unref();
  }

  async reserve(apiKey: string, max: number): Promise<boolean> {
    const placed = (await this.redis.eval(RESERVE, 2, this.edgesKey, this.ownKey, apiKey, String(max), String(CONNS_TTL_MS))) === 1;
    if (placed) this.mine.set(apiKey, (this.mine.get(apiKey) ?? 0) + 1);
    return placed;
  }

  release(apiKey: string): void {
    const n = (this.mine.get(apiKey) ?? 1) - 1;
    if (n <= 0) this.mine.delete(apiKey);
    else this.mine.set(apiKey, n);
    this.redis.hincrby(this.ownKey, apiKey, -1).catch(() => undefined);
  }

  /** Rewrites this edge's counts (renewing their expiry): a Redis that lost them has them again. */
  private async refresh(): Promise<void> {
    try {
      const write = this.redis.multi().del(this.ownKey);
      if (this.mine.size > 0) {
        write
          .hset(this.ownKey, Object.fromEntries([...this.mine].map(([key, n]) => [key, String(n)])))
          .pexpire(this.ownKey, CONNS_TTL_MS)
          .sadd(this.edgesKey, this.ownKey);
      }
      await write.exec();
    } catch (error) {
      // Redis away: logins count this edge's connections only until it is back (gateway.ts).
      this.log(`limits: sharing with Redis failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    await this.redis.del(this.ownKey).catch(() => undefined);
    this.subscriber.disconnect();
  }
}
