// The whole service in the test's own process, on loopback: REST and the gateway on port 0, the
// admin API on another, a fresh data directory, a manual clock at TEST_START_MS and manual ticks,
// so the world moves only when a test advances it. One start-up for every test that needs the
// real service (service/, and the dashboard's integration tests in integration/).
import { rmSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { startService, type Service } from '../service.ts';
import { ManualClock } from '../sim/simulator.ts';
import { makeTempDir, TEST_START_MS } from '../sim/test-support.ts';
import { AdminClient } from './admin-client.ts';

export interface TestServiceOptions {
  /**
   * Service settings (service/config.ts environment variables) over the defaults: no past day
   * seeded, one day scheduled, no periodic log line.
   */
  readonly env?: Readonly<Record<string, string>>;
  /** The data directory (a new temporary one by default); dispose() deletes it either way. */
  readonly dir?: string;
  /** Where the service's log lines go (dropped by default). */
  readonly log?: (line: string) => void;
  /** Simulated seconds to advance, a second at a time, before the test starts (default 0). */
  readonly warmUpSeconds?: number;
  /** Freeze the simulation after the warm-up, so that answers can be compared (default false). */
  readonly freeze?: boolean;
}

export interface TestService {
  readonly service: Service;
  /** The data directory. */
  readonly dir: string;
  /** The admin API with the install's token. */
  readonly admin: AdminClient;
  /** The gateway's `ws://127.0.0.1:<port>/ws`. */
  readonly wsUrl: string;
  /** Advances the simulation by `ms` (ticks every tickMs) and lets the sockets deliver. */
  advance(ms: number): Promise<void>;
  /** GET `path` (e.g. `/en/sports`) with `key` in X-API-Key: the status, the JSON body, the headers. */
  get(path: string, key?: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  /** Closes the service and deletes its data directory. */
  dispose(): Promise<void>;
}

/** Starts the service as `options` say (see TestServiceOptions for the defaults). */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dir = options.dir ?? makeTempDir();
  const config = {
    ...loadConfig({ DATA_DIR: dir, PORT: '0', SEED_PAST_DAYS: '0', SCHEDULE_DAYS: '1', LOG_EVERY_SEC: '0', ...options.env }, []),
    adminPort: 0,
  };
  const service = await startService(config, { clock: new ManualClock(TEST_START_MS), manualTicks: true, log: options.log });
  for (let i = 0; i < (options.warmUpSeconds ?? 0); i++) service.simulator.advance(1000);
  if (options.freeze === true) service.simulator.freeze();
  return {
    service,
    dir,
    admin: new AdminClient(service.adminUrl, service.adminToken.token),
    wsUrl: `${service.url.replace(/^http/, 'ws')}/ws`,
    async advance(ms) {
      service.simulator.advance(ms);
      await settle();
    },
    async get(path, key = 'demo-key') {
      const res = await fetch(service.url + path, { headers: { 'X-API-Key': key } });
      return { status: res.status, body: await res.json(), headers: res.headers };
    },
    async dispose() {
      await service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Lets pending socket I/O happen (a few turns of the event loop). */
export async function settle(ms = 30): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}
