// The per-key and per-address limits of a cluster, counted across its edges in Redis
// (docs/deploy.md): the REST rate limits are @fastify/rate-limit's own Redis store (service/http/
// app.ts); this module shares the other two.
// - The 5-connections-per-key cap: each edge keeps its open counts per key in a hash of its own,
//   `odds:conns:<edge>`, that expires unless refreshed (a killed edge's connections stop counting
//   within CONNS_TTL_MS), and sums the other edges' hashes once a second and after each change.
// - The failed-auth throttle: each failure an edge counts is published on `odds:authfail`; every
//   edge records the others' in its own throttle, so an address's failures count on every edge.
import type { Redis } from 'ioredis';
import type { AuthThrottle } from '../http/auth-throttle.ts';

const CONNS_TTL_MS = 5_000;
const REFRESH_MS = 1_000;

export class SharedLimits {
  /** Open connections per key on this edge. */
  private readonly mine = new Map<string, number>();
  /** Open connections per key on the other edges, as last read. */
  private others = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;

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

  /** Open connections of `apiKey` on the other edges. */
  open(apiKey: string): number {
    return this.others.get(apiKey) ?? 0;
  }

  /** This edge's count for `apiKey` changed. */
  changed(apiKey: string, open: number): void {
    if (open === 0) this.mine.delete(apiKey);
    else this.mine.set(apiKey, open);
    void this.refresh();
  }

  /** Writes this edge's counts (renewing their expiry) and reads the other edges'. */
  private refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    try {
      const write = this.redis.multi().del(this.ownKey);
      if (this.mine.size > 0) write.hset(this.ownKey, Object.fromEntries([...this.mine].map(([key, n]) => [key, String(n)]))).pexpire(this.ownKey, CONNS_TTL_MS);
      await write.exec();
      const others = new Map<string, number>();
      let cursor = '0';
      do {
        const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.prefix}:conns:*`, 'COUNT', 100);
        cursor = next;
        for (const key of keys) {
          if (key === this.ownKey) continue;
          const counts = await this.redis.hgetall(key);
          for (const [apiKey, n] of Object.entries(counts)) others.set(apiKey, (others.get(apiKey) ?? 0) + Number(n));
        }
      } while (cursor !== '0');
      this.others = others;
    } catch (error) {
      // Redis away: the last counts stand (each edge still enforces its own).
      this.log(`limits: sharing with Redis failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    await this.redis.del(this.ownKey).catch(() => undefined);
    this.subscriber.disconnect();
  }
}
