// The spec's error bodies (section 7): every failure the REST API returns is an ApiError turned
// into `{error, message, code[, retryAfterSec]}` — never a stack trace, never a bare 500.
import type { ErrorBody } from '../../src/wire/rest-schemas.ts';

/**
 * Codes for the statuses the spec leaves without one ("Codes for 401, 404, 501 and 502: not
 * shown") are our design, documented in docs/api.md.
 */
export const ERROR_CODE = {
  invalidFilters: 'invalid_filters',
  unauthorized: 'unauthorized',
  channelNotAllowed: 'channel_not_allowed',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  validationError: 'validation_error',
  rateLimited: 'rate_limited',
  notEnabled: 'not_enabled',
  badGateway: 'bad_gateway',
  serviceUnavailable: 'service_unavailable',
  internal: 'internal_error',
} as const;

export type ErrorCode = (typeof ERROR_CODE)[keyof typeof ERROR_CODE];

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly retryAfterSec: number | undefined;

  constructor(status: number, code: ErrorCode, message: string, retryAfterSec?: number) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSec = retryAfterSec;
  }

  toBody(): ErrorBody {
    const body: ErrorBody = { error: this.status, message: this.message, code: this.code };
    if (this.retryAfterSec !== undefined) body.retryAfterSec = this.retryAfterSec;
    return body;
  }
}

export const invalidFilters = (message: string): ApiError => new ApiError(400, ERROR_CODE.invalidFilters, message);
export const validationError = (message: string): ApiError => new ApiError(422, ERROR_CODE.validationError, message);
export const notAllowed = (message: string): ApiError => new ApiError(403, ERROR_CODE.channelNotAllowed, message);
export const notFound = (message: string): ApiError => new ApiError(404, ERROR_CODE.notFound, message);
