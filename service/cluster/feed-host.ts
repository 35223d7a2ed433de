// A cluster edge's handle on the producer, which runs in a process of its own (possibly on another
// machine) and reaches the edge only through the feed on Redis: its figures are the statuses it
// publishes there (once a second), it is "down" when they stop coming, and its knobs are forwarded
// to its admin API (PRODUCER_ADMIN_URL, with the admin token).
import type { Body, KnobAnswer } from '../admin/knob-routes.ts';
import type { FeedMessage, ProducerStatus } from '../producer/feed.ts';
import type { ProducerHealth, ProducerHost } from '../producer/producer-host.ts';
import type { TickTimings } from '../sim/sim-types.ts';

/** No status for this long: the producer (or Redis between it and this edge) is down. */
const STATUS_LAPSE_MS = 5_000;

const NO_TICKS: TickTimings = { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' };

export class FeedProducerHost implements ProducerHost {
  readonly simulator = null;
  /** Relay mode runs in one process (service/relay); a cluster's producer runs the simulator. */
  readonly upstream = null;
  private latest: ProducerStatus | null = null;
  private lastStatusAt = Date.now();
  private downSince: number | null = null;
  private readonly startedAt = Date.now();

  constructor(
    private readonly adminUrl: string,
    private readonly adminToken: () => string,
  ) {}

  /** Every feed message passes here: statuses are the producer's heartbeat. */
  observe(message: FeedMessage): void {
    if (message.kind !== 'status') return;
    this.latest = message.status;
    this.lastStatusAt = Date.now();
    this.downSince = null;
  }

  health(): ProducerHealth {
    const lapsed = Date.now() - this.lastStatusAt > STATUS_LAPSE_MS;
    if (lapsed) this.downSince ??= this.lastStatusAt;
    return {
      mode: 'remote',
      state: lapsed ? 'down' : 'running',
      since: lapsed ? (this.downSince ?? this.lastStatusAt) : this.startedAt,
      restarts: 0,
      lastCrash: null,
    };
  }

  status(): ProducerStatus | null {
    return this.latest;
  }

  takeTickTimings(): TickTimings {
    return this.latest?.ticks ?? NO_TICKS;
  }

  now(): number {
    return Date.now();
  }

  async call(method: string, path: string, body: Body, query: string): Promise<KnobAnswer> {
    try {
      const response = await fetch(`${this.adminUrl}${path}${query}`, {
        method,
        headers: { authorization: `Bearer ${this.adminToken()}`, 'content-type': 'application/json' },
        ...(method === 'GET' || method === 'HEAD' ? {} : { body: JSON.stringify(body) }),
      });
      const payload: unknown = await response.json();
      if (response.ok) return { ok: true, result: payload };
      const message = (payload as { message?: unknown }).message;
      return { ok: false, status: response.status, message: typeof message === 'string' ? message : response.statusText, code: 'producer_refused' };
    } catch (error) {
      return { ok: false, status: 503, message: `the producer's admin API (${this.adminUrl}) did not answer: ${error instanceof Error ? error.message : String(error)}`, code: 'producer_down' };
    }
  }

  crash(): unknown {
    throw new Error('the producer runs in a process of its own: stop that process to test a producer restart');
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
