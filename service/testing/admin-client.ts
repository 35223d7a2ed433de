// The admin API as the node-side tests, benches and the soak call it: with the install's token
// (`Authorization: Bearer`, read from DATA_DIR) and JSON bodies, as docs/service.md asks of callers.
import { readAdminToken } from '../admin/admin-token.ts';

export type AdminMethod = 'GET' | 'POST' | 'DELETE';

export class AdminClient {
  /** `url`: `http://127.0.0.1:<admin port>`; `token`: the install's admin token. */
  constructor(
    readonly url: string,
    private readonly token: string,
  ) {}

  /** A client with the token of the service on `dataDir` (its `admin-token` file). */
  static forDataDir(url: string, dataDir: string): AdminClient {
    return new AdminClient(url, readAdminToken(dataDir));
  }

  /** The headers every admin call carries (for a caller that builds its own request). */
  get headers(): Readonly<Record<string, string>> {
    return { authorization: `Bearer ${this.token}` };
  }

  /** `method path`, with `body` (when given) sent as JSON; the response whatever its status. */
  async fetch(method: AdminMethod, path: string, body?: unknown): Promise<Response> {
    const send = (): Promise<Response> =>
      fetch(`${this.url}${path}`, {
        method,
        headers: body === undefined ? this.headers : { ...this.headers, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    try {
      return await send();
    } catch (error) {
      // A GET on a kept-alive connection the server closed as the request went out (its idle
      // timeout fired once its event loop was free again, e.g. after a producer restart's
      // snapshot) is sent again, as an HTTP client may do with an idempotent request. Anything
      // else, and any other method, fails as it came.
      if (method !== 'GET' || !isConnectionReset(error)) throw error;
      return send();
    }
  }

  /** Like fetch(), but throws (quoting the status and body) unless the answer is 2xx; returns its JSON. */
  async json<T>(method: AdminMethod, path: string, body?: unknown): Promise<T> {
    const response = await this.fetch(method, path, body);
    if (!response.ok) throw new Error(`admin ${method} ${path}: HTTP ${String(response.status)} ${await response.text()}`);
    return (await response.json()) as T;
  }
}

function isConnectionReset(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  return typeof cause === 'object' && cause !== null && 'code' in cause && cause.code === 'ECONNRESET';
}
