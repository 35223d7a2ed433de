// The real service in the test's process for the dashboard's integration tests
// (service/testing/test-service.ts): one seeded past day (finished, settled fixtures) and one
// scheduled day, advanced 40 s so live fixtures have prices, then frozen so answers can be compared.
import type { Service } from '../service/service.ts';
import { startTestService } from '../service/testing/test-service.ts';

export interface EmbeddedService {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly simulator: Service['simulator'];
  /** Closes the service and deletes its data directory. */
  dispose(): Promise<void>;
}

/** Starts the service; `env` adds service settings (e.g. `{ BENCHMARK: '1' }` for the limit-exempt bench-key). */
export async function startEmbeddedService(env: Readonly<Record<string, string>> = {}): Promise<EmbeddedService> {
  const started = await startTestService({ env: { SEED_PAST_DAYS: '1', ...env }, warmUpSeconds: 40, freeze: true });
  return { url: started.service.url, simulator: started.service.simulator, dispose: () => started.dispose() };
}
