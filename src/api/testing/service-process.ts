// The real service as a child process for dashboard tests (node environment only): loads
// service/testing/service-process.ts (see service-module.ts for why) and types the little the
// tests use. Same data directory and ports across restarts, a new serverEpoch each start.
import { loadServiceModule } from './service-module.ts';

/** SIGTERM: a graceful stop (`reconnect server_upgrade`, drain, close 1012). SIGKILL: a crash. */
export type StopSignal = 'SIGTERM' | 'SIGKILL';

/** The admin calls the tests use (AdminClient in service/testing/admin-client.ts). */
export interface AdminApi {
  /** `method path` with `body` as JSON; throws unless the answer is 2xx; returns its JSON. */
  json<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** The calls the tests use (see ServiceProcess in service/testing/service-process.ts). */
export interface ServiceProcess {
  /** `http://127.0.0.1:<port>` (valid after the first start). */
  readonly restUrl: string;
  /** The gateway's `ws://127.0.0.1:<port>/ws` (valid after the first start). */
  readonly wsUrl: string;
  /** Starts with `settings` (service/config.ts environment variables); resolves once /healthz answers. */
  start(settings: Readonly<Record<string, string>>): Promise<void>;
  stop(signal: StopSignal): Promise<void>;
  /** POST /admin/freeze or /admin/resume; throws unless it answers 2xx. */
  admin(action: 'freeze' | 'resume'): Promise<void>;
  /** Empties the data directory of the stopped service: the next start is a fresh install at the same URL. */
  forget(): void;
  /** The admin API with the running service's token (service/testing/admin-client.ts). */
  readonly adminClient: AdminApi;
  /** Stops the process with `signal` and deletes the data directory. */
  close(signal: StopSignal): Promise<void>;
}

export interface ServiceProcessOptions {
  /** Prefix of the temporary DATA_DIR's name. */
  readonly dirPrefix: string;
  /** How long a start waits for /healthz, ms. Default 60 s. */
  readonly startTimeoutMs?: number;
}

interface ServiceProcessModule {
  readonly ServiceProcess: new (options: ServiceProcessOptions) => ServiceProcess;
}

/** A service process on a new temporary data directory, not started yet: call start(), and close() when done. */
export async function createServiceProcess(options: ServiceProcessOptions): Promise<ServiceProcess> {
  const { ServiceProcess } = await loadServiceModule<ServiceProcessModule>('service/testing/service-process.ts');
  return new ServiceProcess(options);
}
