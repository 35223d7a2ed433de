// Why the app sent the user to the settings page (a 401), carried in `?reason=` so the page can
// say what is wrong with the key after a reload too, and the page the 401 came from in `?from=`,
// so that fixing the connection can lead straight back to it.
import type { ApiError } from '../../api/api-error.ts';

export type UnauthorizedReason = 'missing-key' | 'invalid-key';

/**
 * The settings path to go to after `error` (a 401) on the page at `from` (path and query):
 * `/settings?reason=missing-key|invalid-key&from=…`.
 */
export function settingsPathAfterUnauthorized(error: ApiError, from: string): string {
  const reason: UnauthorizedReason = /missing/i.test(error.message) ? 'missing-key' : 'invalid-key';
  const params = new URLSearchParams({ reason });
  if (returnPath(from) !== null) params.set('from', from);
  return `/settings?${params.toString()}`;
}

/**
 * The dashboard page to go back to from `?from=`, or null. Only a path of this app: it starts with
 * one `/` (never `//host`, a scheme or a backslash), and is not the settings page itself.
 */
export function returnPath(from: string | null): string | null {
  if (from === null || !from.startsWith('/') || from.startsWith('//') || from.includes('\\')) return null;
  if (/^\/settings(?:[/?#]|$)/u.test(from)) return null;
  return from;
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
