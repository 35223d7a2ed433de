// The history page's chart of one outcome: each bookmaker's recorded line (REST, React Query)
// followed, while the fixture is pre-game or live, by a live tail from the book, and a one-line
// note of when the line last moved. Once kicked off, the pre-match line is what an analyst reads:
// a finished fixture opens on opening → kick-off (the in-play part one toggle away), a live one
// shows the pre-match and the in-play line in two panes.
import { useMemo, useState } from 'react';
import { LineMovementChart, seriesColor, type ChartSeries } from '../../components/line-movement-chart.tsx';
import { kickoffClose, type Kickoff } from '../../domain/closing-line.ts';
import { buildLineSeries, withLiveTail, type LineSeries } from '../../domain/line-series.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { FixtureHistoricalOddsResponse } from '../../wire/rest-schemas.ts';
import { useLiveTail } from './use-live-tail.ts';

/**
 * The chart takes new live prices at most this often (ms): a busy in-play market would otherwise
 * recompute and repaint thousands of SVG points on every animation frame.
 */
export const LIVE_TAIL_THROTTLE_MS = 250;

export interface HistoryChartProps {
  readonly fixtureId: string;
  /** The REST history of the market's oddsIds (`GET /fixtures/odds/historical`). */
  readonly history: FixtureHistoricalOddsResponse;
  /** Epoch ms of the REST answer: a live last price is drawn on to it (or to the latest live price). */
  readonly historyAt: number;
  readonly outcomeId: number;
  readonly playerId: number;
  /** Every bookmaker of the fixture, sorted: a bookmaker's index picks its colour. */
  readonly bookmakers: readonly string[];
  /** Pre-game or live: the line can still move, so the chart follows the book. */
  readonly provisional: boolean;
  readonly title: string;
  readonly format: OddsFormat;
  /** When the fixture kicked off (or why it has no kick-off): the marker, the window and each series' close. */
  readonly kickoff: Kickoff;
  /** Bookmaker display name by slug; default the slug. */
  readonly nameOf?: (bookmaker: string) => string;
  /** Defaults to LIVE_TAIL_THROTTLE_MS; tests lower it. */
  readonly throttleMs?: number;
}

interface Recorded {
  readonly bookmaker: string;
  readonly series: LineSeries;
  readonly close: { readonly t: number; readonly price: number } | null;
}

const slug = (bookmaker: string) => bookmaker;

/** The line-movement chart of one outcome, following the live book while the fixture is open. */
export function HistoryChart({ fixtureId, history, historyAt, outcomeId, playerId, bookmakers, provisional, title, format, kickoff, nameOf = slug, throttleMs = LIVE_TAIL_THROTTLE_MS }: HistoryChartProps) {
  const [showInPlay, setShowInPlay] = useState(false);
  const { timeZone, format: formatTime } = useTimeZone();
  // Built without `until`: the live tail goes after the last recorded entry, the extension after both.
  const recorded = useMemo((): ReadonlyMap<string, Recorded> => {
    const out = new Map<string, Recorded>();
    for (const [bookmaker, byOdds] of Object.entries(history.odds)) {
      for (const [oddsId, entries] of Object.entries(byOdds)) {
        const first = Object.values(entries)[0];
        if (first?.outcomeId !== outcomeId || first.playerId !== playerId) continue;
        const close = kickoffClose(entries, kickoff);
        out.set(oddsId, { bookmaker, series: buildLineSeries(oddsId, entries), close: close.kind === 'close' && kickoff.kind === 'kicked-off' ? { t: close.changedAt, price: close.price } : null });
      }
    }
    return out;
  }, [history, outcomeId, playerId, kickoff]);
  const floors = useMemo(() => new Map([...recorded].map(([oddsId, r]) => [oddsId, r.series.last?.t ?? null])), [recorded]);
  const live = useLiveTail(fixtureId, floors, provisional, throttleMs);

  const { series, lastChange } = useMemo(() => {
    // Before settlement a live last price runs on to the latest moment the page heard of.
    const until = provisional ? Math.max(historyAt, live.receivedAt ?? 0) : undefined;
    const out: ChartSeries[] = [];
    let latest: number | null = null;
    for (const [oddsId, { bookmaker, series: rest, close }] of recorded) {
      const line = withLiveTail(rest, live.tails.get(oddsId) ?? [], until);
      out.push({ key: bookmaker, label: nameOf(bookmaker), color: seriesColor(bookmakers.indexOf(bookmaker)), points: line.points, opening: line.opening, close });
      if (line.last !== null && (latest === null || line.last.t > latest)) latest = line.last.t;
    }
    return { series: out.sort((a, b) => (a.key < b.key ? -1 : 1)), lastChange: latest };
  }, [recorded, live, provisional, historyAt, bookmakers, nameOf]);
  const kickedOffAt = kickoff.kind === 'kicked-off' ? kickoff.atMs : null;
  const marker = kickedOffAt === null ? null : { t: kickedOffAt, label: 'Kick-off' };

  return (
    <>
      {/* Always rendered, one line high: the text changes in place, the chart never moves. */}
      <p className="line-freshness" data-live={provisional ? 'true' : 'false'}>
        {provisional ? (
          <>
            <span className="live-dot" aria-hidden="true" />
            <strong>Live</strong>: follows the stream ·{' '}
          </>
        ) : (
          <>
            <strong>Final</strong>: recorded history ·{' '}
          </>
        )}
        {lastChange === null ? (
          'no price recorded yet'
        ) : (
          <>
            last price change <time dateTime={new Date(lastChange).toISOString()}>{formatTime(lastChange)}</time>
          </>
        )}
      </p>
      {kickedOffAt === null ? (
        <LineMovementChart title={title} series={series} format={format} timeZone={timeZone} />
      ) : provisional ? (
        <div className="chart-panes">
          <h4>Pre-match: opening to kick-off</h4>
          <LineMovementChart title={`${title}: pre-match`} series={series} format={format} timeZone={timeZone} marker={marker} timeWindow={[0, kickedOffAt]} height={260} />
          <h4>In play: since kick-off, following the stream</h4>
          <LineMovementChart title={`${title}: in play`} series={series} format={format} timeZone={timeZone} marker={marker} timeWindow={[kickedOffAt, null]} height={260} />
        </div>
      ) : (
        <LineMovementChart
          title={title}
          series={series}
          format={format}
          timeZone={timeZone}
          marker={marker}
          timeWindow={showInPlay ? null : [0, kickedOffAt]}
          controls={
            <button
              type="button"
              aria-pressed={showInPlay}
              onClick={() => {
                setShowInPlay((on) => !on);
              }}
            >
              Show the in-play part
            </button>
          }
        />
      )}
    </>
  );
}
