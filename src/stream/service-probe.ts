// The stall rule's REST probe (docs/stream-client.md, "A stalled feed"): is the service up while
// its stream is silent? The embedded service has /healthz; another v5 service gets the cheapest
// reference call, GET /{lang}/sports, at most every 5 s (a silent feed only), far under its
// 200 requests/minute. Any HTTP answer, even an error status, means the service is up.
import { normalizeBaseUrl } from '../api/client.ts';

export interface ProbeTarget {
  readonly restBaseUrl: string;
  readonly apiKey: string;
  readonly lang: string;
}

/** True when `restBaseUrl` is the origin that served the dashboard (and the stream worker). */
function isSameOrigin(restBaseUrl: string, origin: string): boolean {
  try {
    return normalizeBaseUrl(restBaseUrl) === normalizeBaseUrl(origin);
  } catch {
    return false;
  }
}

/**
 * The probe for `target`, as the stream client takes it: resolves on any answer, rejects when the
 * service cannot be reached or the signal aborts. `origin`: the dashboard's (the worker's) origin.
 */
export function serviceProbe(target: ProbeTarget, origin: string, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): (signal: AbortSignal) => Promise<void> {
  const base = target.restBaseUrl.replace(/\/+$/, '');
  const embedded = isSameOrigin(target.restBaseUrl, origin);
  const url = embedded ? `${base}/healthz` : `${base}/${encodeURIComponent(target.lang)}/sports`;
  // The key only in its header, as every REST call (never in the URL).
  const headers: Record<string, string> = embedded ? {} : { 'X-API-Key': target.apiKey };
  return async (signal) => {
    const response = await fetchImpl(url, { method: 'GET', headers, cache: 'no-store', signal });
    // Only the answer matters, not its body.
    await response.body?.cancel();
  };
}
