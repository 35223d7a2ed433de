// Why the app sent the user to the settings page (a 401), carried in `?reason=` so the page can
// say what is wrong with the key after a reload too.
import type { ApiError } from '../../api/api-error.ts';

export type UnauthorizedReason = 'missing-key' | 'invalid-key';

/** The settings path to go to after `error` (a 401): `/settings?reason=missing-key|invalid-key`. */
export function settingsPathAfterUnauthorized(error: ApiError): string {
  const reason: UnauthorizedReason = /missing/i.test(error.message) ? 'missing-key' : 'invalid-key';
  return `/settings?reason=${reason}`;
}

/** The sentence for `?reason=`, or null for none or an unknown one. */
export function describeReason(reason: string | null): string | null {
  switch (reason) {
    case 'missing-key':
      return 'This service needs an API key: enter it below.';
    case 'invalid-key':
      return 'The service refused the API key (401): check it below.';
    default:
      return null;
  }
}
