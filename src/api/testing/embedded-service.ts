// Starts the real embedded service on loopback for dashboard tests (node environment only), on a
// temporary DATA_DIR with a manual clock, and freezes it so answers can be compared. The service
// is loaded by service-module.ts and typed here by the little the tests use.
import { loadServiceModule } from './service-module.ts';

/** The simulator calls the dashboard tests use (see service/sim/simulator.ts). */
export interface TestSimulator {
  advance(ms: number): void;
  freeze(): void;
  resume(): void;
  /** Fixture ids, optionally only those with `statusId`. */
  fixtureIds(statusId?: number): string[];
  /** The admin knobs' kick-off and finish (POST /admin/kickoff, /admin/finish) without the HTTP. */
  kickoff(fixtureId: string): { readonly trueStartTime: string | null };
  finish(fixtureId: string): unknown;
  fixtureOdds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, { readonly price: number; readonly active: boolean }>>>>;
  readonly futures: {
    views(): readonly { readonly futureId: string; readonly status: { readonly statusId: number } }[];
    futureOdds(futureId: string): Readonly<Record<string, Readonly<Record<string, { readonly price: number }>>>>;
  };
}

export interface EmbeddedService {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly simulator: TestSimulator;
  /** Closes the service and deletes its data directory. */
  dispose(): Promise<void>;
}

interface ServiceModule {
  readonly startService: (config: unknown, options: { clock: unknown; manualTicks: boolean }) => Promise<{
    url: string;
    simulator: TestSimulator;
    close(): Promise<void>;
  }>;
}
interface ConfigModule {
  readonly loadConfig: (env: Record<string, string>, argv: readonly string[]) => Record<string, unknown>;
}
interface SupportModule {
  readonly makeTempDir: () => string;
  readonly TEST_START_MS: number;
}
interface SimulatorModule {
  ManualClock: new (startMs: number) => unknown;
}
interface FsModule {
  readonly rmSync: (path: string, options: { recursive: boolean; force: boolean }) => void;
}

/**
 * Starts the service with one seeded past day (finished, settled fixtures) and one scheduled day,
 * advances the simulation 40 s so live fixtures have prices, then freezes it.
 * `env` adds service settings (e.g. `{ BENCHMARK: '1' }` for the limit-exempt bench-key).
 */
export async function startEmbeddedService(env: Record<string, string> = {}): Promise<EmbeddedService> {
  const [{ startService }, { loadConfig }, { makeTempDir, TEST_START_MS }, { ManualClock }, { rmSync }] = await Promise.all([
    loadServiceModule<ServiceModule>('service/service.ts'),
    loadServiceModule<ConfigModule>('service/config.ts'),
    loadServiceModule<SupportModule>('service/sim/test-support.ts'),
    loadServiceModule<SimulatorModule>('service/sim/simulator.ts'),
    loadServiceModule<FsModule>('node:fs'),
  ]);
  const dataDir = makeTempDir();
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED_PAST_DAYS: '1', SCHEDULE_DAYS: '1', LOG_EVERY_SEC: '0', ...env }, []),
    adminPort: 0,
  };
  const service = await startService(config, { clock: new ManualClock(TEST_START_MS), manualTicks: true });
  for (let i = 0; i < 40; i++) service.simulator.advance(1000);
  service.simulator.freeze();
  return {
    url: service.url,
    simulator: service.simulator,
    dispose: async () => {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
