// The ways a REST call can fail, as the dashboard tells them apart: the service answered with an
// error (ApiError), the service says it does not offer the endpoint (NotOfferedError), it answered
// 2xx in a shape the spec does not allow (InvalidAnswerError), or it could not be reached
// (NetworkError). Plus the sentence a user reads for each.

/** A rate-limit state from `X-RateLimit-Limit/-Remaining/-Reset`, when the response carried them. */
export interface RateLimitHeaders {
  readonly limit?: number | undefined;
  readonly remaining: number;
  readonly resetSec: number;
}

/** The service answered an error body (spec 7): `status` is the HTTP status, `code` its code. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The spec's code (`unauthorized`, `channel_not_allowed`, `rate_limited`, …), or `http_<status>` when the body had none. */
  readonly code: string;
  /** Seconds to wait before retrying (429: `retryAfterSec` of the body, else `Retry-After`). */
  readonly retryAfterSec: number | undefined;
  /** The endpoint path after `/{lang}`, e.g. `/fixtures/odds`. */
  readonly endpoint: string;

  constructor(init: { status: number; code: string; message: string; endpoint: string; retryAfterSec?: number | undefined }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.endpoint = init.endpoint;
    this.retryAfterSec = init.retryAfterSec;
  }
}

/**
 * The service says it lacks this endpoint: a 404 that is not one of the spec's own 404s, or a
 * 501 — only the service's own word, never a guess from the shape of an answer. The rest of the
 * dashboard keeps working; where the endpoint is used, the page says "not offered by this service".
 */
export class NotOfferedError extends Error {
  override readonly name = 'NotOfferedError';
  /** The endpoint path after `/{lang}`, e.g. `/fixtures/odds/sgp`. */
  readonly endpoint: string;
  /** Why it counts as not offered, e.g. `HTTP 404` or `[0].odds: expected record, received array`. */
  readonly reason: string;

  constructor(endpoint: string, reason: string) {
    super(`${endpoint} is not offered by this service (${reason}).`);
    this.endpoint = endpoint;
    this.reason = reason;
  }
}

/**
 * The service answered 2xx, but not in the shape the spec shows for the endpoint (or not JSON).
 * The endpoint exists, so this is not "not offered": the message names the field that is wrong.
 * Fields the spec does not show never cause it (src/wire/shared-schemas.ts `extraField`).
 */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError';
  readonly endpoint: string;
  /** What was wrong, e.g. `[0].sportId: missing, expected integer` or `the answer is not JSON`. */
  readonly reason: string;

  constructor(endpoint: string, reason: string) {
    super(`The answer of ${endpoint} does not match the v5 spec: ${reason}.`);
    this.endpoint = endpoint;
    this.reason = reason;
  }
}

/** The service could not be reached: DNS, refused connection, CORS refusal, or a cut answer. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly endpoint: string;
  /** The base URL that could not be reached (never with the key: keys travel in a header). */
  readonly baseUrl: string;

  constructor(endpoint: string, baseUrl: string, cause: unknown) {
    super(`Cannot reach ${baseUrl} (${endpoint}).`, { cause });
    this.endpoint = endpoint;
    this.baseUrl = baseUrl;
  }
}

/** True for a 401: the key is missing or not valid, and the user belongs on the settings page. */
export function isUnauthorized(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401;
}

/**
 * True for a 401 or a 403: the service refused the key, or refused this key this request (an
 * endpoint, sport, tournament or bookmaker it is not entitled to). The same request with the same
 * key to the same service gets the same answer, so such a failure stands until the settings change.
 */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * True when retrying the same request cannot help: a 4xx answer (a 429 has already been waited
 * out and retried by the scheduler), an endpoint the service does not offer, or an answer of a
 * shape the dashboard cannot read.
 */
export function isPermanentFailure(error: unknown): boolean {
  if (error instanceof NotOfferedError || error instanceof InvalidAnswerError) return true;
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

// A 403 because the key is not entitled to what was asked (spec 7: `channel_not_allowed`).
function isChannelRefusal(error: ApiError): boolean {
  return error.status === 403 && error.code === 'channel_not_allowed';
}

function notIncluded(serviceMessage: string): string {
  return `This API key does not include what was asked for: ${serviceMessage}`;
}

/**
 * The sentence a user reads for a failed call: what happened and, where there is one, what to do.
 * Never contains the API key (no error here ever holds it).
 */
export function describeFailure(error: unknown): string {
  if (error instanceof NotOfferedError) return `Not offered by this service: ${error.endpoint}.`;
  if (error instanceof NetworkError) return `Cannot reach ${error.baseUrl}: check the URL and that the service is running.`;
  if (error instanceof ApiError) {
    switch (error.status) {
      case 401:
        return /missing/i.test(error.message)
          ? 'No API key was sent: enter one in the settings.'
          : 'The API key is not valid: check it in the settings.';
      case 403:
        return isChannelRefusal(error) ? notIncluded(error.message) : `Refused: ${error.message}`;
      case 429:
        return `Too many requests for ${error.endpoint}: waiting ${String(error.retryAfterSec ?? 1)} s before trying again.`;
      default:
        return `${error.endpoint} failed (${String(error.status)} ${error.code}): ${error.message}`;
    }
  }
  if (error instanceof Error) return error.message;
  return 'Something went wrong.';
}

/**
 * The sentences a page shows for the failures of its queries: one per distinct failure, in the
 * order first seen, with every 403 `channel_not_allowed` merged into one sentence (a key lacking
 * an endpoint fails each query of it alike: the page says so once). Nulls are skipped.
 */
export function describeFailures(errors: readonly unknown[]): string[] {
  const sentences: string[] = [];
  const refusals: string[] = [];
  let refusalAt = -1;
  for (const error of errors) {
    if (error == null) continue;
    if (error instanceof ApiError && isChannelRefusal(error)) {
      if (refusalAt === -1) refusalAt = sentences.push('') - 1;
      if (!refusals.includes(error.message)) refusals.push(error.message);
      continue;
    }
    const sentence = describeFailure(error);
    if (!sentences.includes(sentence)) sentences.push(sentence);
  }
  if (refusalAt !== -1) sentences[refusalAt] = notIncluded(refusals.join(' '));
  return sentences;
}
