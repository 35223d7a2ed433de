// The visible state of the stream: one plain word (Live, No updates for N s, Stalled — prices may
// be old, Reconnecting…, Offline), the last problem in words, what the key may not see of the
// chosen filters; the protocol's figures (phase, encoding, updates/s, delay, malformed frames, the
// stall threshold) and per bookmaker staleOdds / suspended / meta age vs bound in popovers.
import { Link } from 'react-router';
import type { BookmakerSummary } from '../../book/book.ts';
import { useBookmakerSummaries } from '../../book/use-book.ts';
import type { ConnectionPhase, StreamStatus } from '../../stream/stream-client.ts';
import { useStreamConnection, useStreamStatus } from '../../stream/use-stream.ts';
import { feedHeadline } from './feed-headline.ts';
import { notInAccessNames } from './not-in-access.ts';

const PHASE_LABELS: Record<ConnectionPhase, string> = {
  connecting: 'connecting',
  connected: 'connected',
  resuming: 'resuming',
  resnapshotting: 'refreshing prices',
  offline: 'offline',
};

function formatAge(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${String(Math.round(ms / 1000))} s`;
}

function BookmakerRow({ summary }: { readonly summary: BookmakerSummary }) {
  const bound = summary.maxDelaySec === null ? 'no bound' : `bound ${String(summary.maxDelaySec)} s`;
  return (
    <tr data-overdue={summary.overdue > 0}>
      <th scope="row">{summary.bookmaker}</th>
      <td>{summary.staleOdds}</td>
      <td>{summary.suspended}</td>
      <td>
        {formatAge(summary.maxAgeMs)} ({bound})
      </td>
      <td>{summary.overdue}</td>
    </tr>
  );
}

/**
 * The connection indicator. Needs `<StreamProvider>` above it; without one it says the stream is
 * not started. Compact line first; the per-bookmaker table opens on demand.
 */
export function ConnectionIndicator() {
  const status: StreamStatus | null = useStreamStatus();
  const connection = useStreamConnection();
  const summaries = useBookmakerSummaries();
  const headline = feedHeadline(status);
  if (status === null) {
    return (
      <div className="connection-indicator" role="status" data-phase="offline" data-feed={headline.kind}>
        <span className="connection-phase">{headline.text}</span>
      </div>
    );
  }
  const access = status.access === null ? null : [status.access.live ? 'live' : null, status.access.pregame ? 'pre-game' : null].filter(Boolean).join(' + ');
  const notInAccess = status.dropped === null ? [] : notInAccessNames(status.dropped);
  return (
    <div className="connection-indicator" role="status" data-phase={status.phase} data-feed={headline.kind}>
      <span className="connection-phase">{headline.text}</span>
      <details className="connection-details">
        <summary>Details</summary>
        <ul className="connection-figures">
          <li>stream {PHASE_LABELS[status.phase]}</li>
          {status.receiveType !== null && <li>encoding {status.receiveType}</li>}
          {access !== null && <li>access {access === '' ? 'none' : access}</li>}
          <li>{status.updatesPerSec} updates/s</li>
          {status.delayMs !== null && <li>delay {formatAge(status.delayMs)}</li>}
          <li>malformed frames {status.malformedFrames}</li>
          <li>stall threshold {formatAge(status.feed.thresholdMs)} without a frame, then a 2 s probe</li>
          {status.resnapshotChannels.length > 0 && <li>re-fetching {status.resnapshotChannels.join(', ')}</li>}
        </ul>
      </details>
      {notInAccess.length > 0 && (
        <p className="connection-dropped">
          Not in your access: {notInAccess.join(', ')}.{' '}
          <Link to="/settings">Change the sports and bookmakers</Link>
        </p>
      )}
      {status.problem !== null && (
        <p className="connection-problem">
          {status.problem}
          {status.needsSettings && (
            <>
              {' '}
              <Link to="/settings">Open the settings</Link>
            </>
          )}
          {status.phase === 'offline' && !status.needsSettings && connection !== null && (
            <>
              {' '}
              <button type="button" onClick={() => { connection.reconnect(); }}>
                Retry now
              </button>
            </>
          )}
        </p>
      )}
      {summaries.length > 0 && (
        <details>
          <summary>Bookmakers</summary>
          <table>
            <thead>
              <tr>
                <th scope="col">bookmaker</th>
                <th scope="col">staleOdds</th>
                <th scope="col">suspended</th>
                <th scope="col">oldest meta (bound)</th>
                <th scope="col">overdue</th>
              </tr>
            </thead>
            <tbody>
              {summaries.map((s) => (
                <BookmakerRow key={s.bookmaker} summary={s} />
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
