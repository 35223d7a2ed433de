// The header's word for the stream, in the user's language: Live, No updates for N s, Stalled,
// Catching up, Connecting, Reconnecting, Offline. The protocol's terms (phases, encodings, frame
// counts) stay in the indicator's details.
import type { StreamStatus } from '../../stream/stream-client.ts';

export type HeadlineKind = 'live' | 'silent' | 'stalled' | 'catching-up' | 'connecting' | 'reconnecting' | 'offline';

export interface Headline {
  readonly kind: HeadlineKind;
  readonly text: string;
}

/** What the header says for a status (null: no stream started). */
export function feedHeadline(status: StreamStatus | null): Headline {
  if (status === null) return { kind: 'offline', text: 'Offline (not started)' };
  switch (status.phase) {
    case 'offline':
      // A retry is scheduled unless the key or the filters must change first.
      return status.retryAt !== null && !status.needsSettings ? { kind: 'reconnecting', text: 'Reconnecting…' } : { kind: 'offline', text: 'Offline' };
    case 'connecting':
      return status.serverEpoch === null ? { kind: 'connecting', text: 'Connecting…' } : { kind: 'reconnecting', text: 'Reconnecting…' };
    case 'resuming':
    case 'resnapshotting':
    case 'connected':
      break;
    default: {
      const unknown: never = status.phase;
      return { kind: 'offline', text: String(unknown) };
    }
  }
  // Logged in: the stall rule speaks first (docs/stream-client.md, "A stalled feed").
  if (status.feed.state === 'stalled') return { kind: 'stalled', text: 'Stalled — prices may be old' };
  if (status.feed.state === 'silent') return { kind: 'silent', text: `No updates for ${String(Math.floor(status.feed.silentForMs / 1000))} s` };
  if (status.phase === 'resuming') return { kind: 'reconnecting', text: 'Reconnecting…' };
  if (status.phase === 'resnapshotting') return { kind: 'catching-up', text: 'Catching up…' };
  return { kind: 'live', text: 'Live' };
}
