// `/fixtures/:fixtureId?at=<ISO time>`: the odds board as it stood at a past moment, rebuilt from
// the fixture's recorded prices (asked once per fixture, cached by React Query) into a book of its
// own, so the live board's components show it — prices, states, best, margin, fair, arbitrage —
// with no stream, no flashing and no slip. The page says what history does not record.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { bookmakersQuery, fixtureBoardHistoryQuery, fixtureQuery, marketsBySportQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { LiveBook } from '../../book/book.ts';
import { snapshotOf } from '../../book/snapshot-of.ts';
import { BookContext } from '../../book/use-book.ts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { boardStateAt, everRecorded, indexBoardHistory, parseBoardMoment } from '../../domain/board-history.ts';
import { BoardError, buildBoardLayout, type BoardLayout } from '../../domain/odds-board-layout.ts';
import { formatMoment } from '../../domain/time-format.ts';
import { useChosenBookmakers } from '../../settings/use-chosen-bookmakers.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { BoardToolbar } from './board-toolbar.tsx';
import { MomentScrubber } from './moment-scrubber.tsx';
import { OddsBoard } from './odds-board.tsx';
import { PastPriceOffer } from './past-price-offer.tsx';
import { boardDisplayProps, useBoardView } from './use-board-view.ts';
import { isOver } from '../../wire/status.ts';

/** The URL parameter of the board's moment (an ISO 8601 time with its zone). */
export const AT_PARAM = 'at';

/** What a past moment does not tell, said once above the board. */
function UnknownAtPastMoment() {
  return (
    <p className="hint past-unknowns" data-testid="past-unknowns">
      Not known at a past moment: recorded prices carry their own and their market's active flags, but no main-line flag and no
      bookmaker state. So a book's stale state, its freshness and whether it was suspended as a whole are unknown (a suspended book
      shows its markets suspended, as it recorded them, and no column header is marked); which line was the main one is unknown (each
      family shows its most widely quoted line first).
    </p>
  );
}

export function PastBoard({ fixtureId, atText }: { readonly fixtureId: string; readonly atText: string }) {
  const client = useApiClient();
  const { timeZone } = useTimeZone();
  const format = useSettings((s) => s.oddsFormat);
  const chosen = useChosenBookmakers();
  const [params, setParams] = useSearchParams();
  // "Now" for the future check: when the page opened, then whenever the board is moved here.
  const [now, setNow] = useState(() => Date.now());

  const fixture = useQuery(fixtureQuery(client, fixtureId));
  const bookmakerList = useQuery(bookmakersQuery(client));
  const books = useMemo(() => (chosen.length > 0 ? chosen : (bookmakerList.data ?? []).map((b) => b.bookmaker)), [chosen, bookmakerList.data]);
  const statusId = fixture.data?.status.statusId;
  const asked = parseBoardMoment(atText, now);
  const history = useQuery({
    ...fixtureBoardHistoryQuery(client, fixtureId, books, isOver(statusId)),
    // Not waiting for the fixture's view: the history is the long request, it starts at once.
    enabled: asked.ok && books.length > 0,
  });
  const index = useMemo(() => (history.data === undefined ? null : indexBoardHistory(fixtureId, history.data.odds)), [fixtureId, history.data]);
  // A moment up to the last recorded change is past, whatever the clock said when the page opened.
  const moment = asked.ok || asked.reason === 'invalid' || index?.span == null ? asked : parseBoardMoment(atText, Math.max(now, index.span.to));
  const atMs = moment.ok ? moment.atMs : null;

  const sportId = fixture.data?.sport.sportId;
  const catalogue = useQuery({ ...marketsBySportQuery(client, sportId ?? 0), enabled: sportId !== undefined });
  const built = useMemo((): { layout: BoardLayout | null; error: BoardError | null } => {
    if (index === null || catalogue.data === undefined) return { layout: null, error: null };
    try {
      return { layout: buildBoardLayout({ fixtureId, odds: everRecorded(index), markets: catalogue.data, bookmakerOrder: chosen }), error: null };
    } catch (error) {
      if (error instanceof BoardError) return { layout: null, error };
      throw error;
    }
  }, [index, catalogue.data, fixtureId, chosen]);
  const { layout } = built;
  const view = useBoardView(layout, false);

  // The board's own book: the moment's prices, never the live ones, and no stream writes to it.
  const [book] = useState(() => new LiveBook());
  useLayoutEffect(() => {
    if (index === null || atMs === null) return;
    const state = boardStateAt(index, atMs);
    const bookmakers = [...new Set(index.timelines.map((t) => t.bookmaker))];
    // Authoritative, not a page seed (useBookSeed): each moment replaces the last in this board's own book.
    book.seed(snapshotOf({ odds: [{ fixtureId, odds: state }], bookmakers }), true);
    book.flush();
  }, [book, index, atMs, fixtureId]);

  const [picked, setPicked] = useState<string | null>(null);
  const onPick = useCallback((oddsId: string) => {
    setPicked(oddsId);
  }, []);
  const pickedEntry = picked === null ? undefined : book.getOdds(picked);

  const liveParams = new URLSearchParams(params);
  liveParams.delete(AT_PARAM);
  const liveHref = `/fixtures/${encodeURIComponent(fixtureId)}${liveParams.size > 0 ? `?${liveParams.toString()}` : ''}`;
  const move = (ms: number, replace: boolean) => {
    setNow(Date.now());
    setPicked(null);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(AT_PARAM, new Date(ms).toISOString());
        return next;
      },
      { replace },
    );
  };

  if (!moment.ok) {
    return (
      <div className="empty-state" role="alert" data-testid="past-moment-error">
        <p>{moment.message}</p>
        <p>
          <Link to={liveHref}>See the live board</Link>
        </p>
      </div>
    );
  }
  if (fixture.data === null) {
    return (
      <p className="empty-state" role="status">
        The service does not know fixture <code>{fixtureId}</code>, or your API key may not see it. <Link to="/fixtures">Fixtures</Link>
      </p>
    );
  }
  const failed = fixture.error ?? bookmakerList.error ?? history.error ?? catalogue.error;
  if (failed !== null) {
    return <QueryFailure error={failed} onRetry={() => void Promise.all([fixture.refetch(), bookmakerList.refetch(), history.refetch(), catalogue.refetch()])} />;
  }
  if (built.error !== null) {
    return (
      <p className="query-failure" role="alert">
        The recorded odds of this fixture are inconsistent and cannot be laid out ({built.error.message}).
      </p>
    );
  }
  if (index === null || layout === null || atMs === null) return <ListSkeleton label="Loading the recorded prices" rows={12} />;
  const { span } = index;
  if (span === null) {
    return (
      <div className="empty-state" role="status">
        <p>The service recorded no prices for this fixture{chosen.length > 0 ? ` at your chosen bookmakers (${chosen.join(', ')})` : ''}.</p>
        <p>
          <Link to={liveHref}>Back to live</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="past-board">
      <p className="past-banner" data-testid="past-banner">
        <strong>Board at {formatMoment(atMs, timeZone)} — historical</strong>: prices as recorded then, not live; nothing here moves or
        streams.
      </p>
      <MomentScrubber history={index} span={span} atMs={atMs} timeZone={timeZone} onMove={move} liveHref={liveHref} />
      {atMs < span.from && <p role="status">Nothing was recorded before {formatMoment(span.from, timeZone)}: no book quoted this fixture yet.</p>}
      <UnknownAtPastMoment />
      {picked !== null && pickedEntry !== undefined && (
        <PastPriceOffer
          oddsId={picked}
          entry={pickedEntry}
          atMs={atMs}
          timeZone={timeZone}
          format={format}
          nameOf={view.nameOf}
          onClose={() => {
            setPicked(null);
          }}
        />
      )}
      <BoardToolbar view={view} clickHint="Click a price (or press Enter) to check a ticket at this moment; a past price never goes on the slip." />
      <BookContext value={book}>
        <OddsBoard
          layout={layout}
          live={false}
          {...boardDisplayProps(view)}
          format={format}
          onPick={onPick}
          flash={false}
        />
      </BookContext>
    </div>
  );
}
