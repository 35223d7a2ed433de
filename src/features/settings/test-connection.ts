// "Test connection": one call to /sports with the base URL and key being edited (not yet saved),
// and the outcome in words.
import { ApiError, describeFailure, InvalidAnswerError, NetworkError, NotOfferedError } from '../../api/api-error.ts';
import { ApiClientConfigError, createApiClient, type Lang } from '../../api/client.ts';
import { RequestScheduler } from '../../api/scheduler.ts';

export type ConnectionResult = { readonly ok: true; readonly message: string } | { readonly ok: false; readonly message: string };

/**
 * Calls `/sports` on `baseUrl` with `apiKey` and says how it went: the number of sports on
 * success; "the key is not valid" (401), "cannot reach URL" (network), "not a v5 odds service"
 * (the service's 404 or 501 for `/sports`), the field that is wrong (a 2xx of another shape), what
 * the key lacks (403). Never rejects.
 */
export async function testConnection(target: {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly lang: Lang;
  readonly fetch?: typeof fetch;
}): Promise<ConnectionResult> {
  try {
    // Its own scheduler: a test must not wait behind, or count against, the pages' requests.
    const client = createApiClient({ ...target, scheduler: new RequestScheduler({ maxRetries: 0 }) });
    const sports = await client.sports();
    const count = sports.length;
    return { ok: true, message: `Connected: the key sees ${String(count)} sport${count === 1 ? '' : 's'}.` };
  } catch (error) {
    return { ok: false, message: connectionFailure(error, target.baseUrl) };
  }
}

function connectionFailure(error: unknown, baseUrl: string): string {
  if (error instanceof ApiClientConfigError) return error.message;
  if (error instanceof NetworkError) return `Cannot reach ${error.baseUrl}: check the URL, and that the service is running and allows this origin (CORS).`;
  if (error instanceof NotOfferedError) return `${baseUrl} answers, but not as a v5 odds service: /sports is not offered (${error.reason}).`;
  if (error instanceof InvalidAnswerError) return `${baseUrl} answers /sports, but not in the shape of the v5 spec: ${error.reason}.`;
  if (error instanceof ApiError && error.status === 401) {
    return /missing/i.test(error.message) ? 'No API key: enter one.' : 'The key is not valid: the service refused it (401).';
  }
  return describeFailure(error);
}
