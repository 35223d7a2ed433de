// Starts the page's side of the stream: one live book per page, fed by the shared stream worker,
// configured from the settings (service, key, language, sports, bookmakers). Mount it inside
// the REST client's provider (it reads the bookmaker list for the staleness bounds).
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { bookmakersQuery } from '../api/queries.ts';
import { useApiClient } from '../api/use-api-client.ts';
import { LiveBook } from '../book/book.ts';
import { BookContext, OddsInterestContext } from '../book/use-book.ts';
import { connectStream, type StreamConnection } from '../stream/connect-stream.ts';
import { effectiveApiKey, serviceIdentity } from '../settings/settings-store.ts';
import { DroppedFiltersContext } from '../settings/use-chosen-bookmakers.ts';
import { deliversOdds } from '../stream/stream-client.ts';
import { DASHBOARD_ORIGIN, useEffectiveApiKey, useSettings } from '../settings/use-settings.ts';
import type { DroppedFilters, ReceiveType } from '../wire/stream-schemas.ts';
import { StreamContext } from '../stream/use-stream.ts';

/** `http(s)://host` → `ws(s)://host/ws` (stream note: the gateway is at /ws on the REST host). */
export function streamUrlOf(baseUrl: string): string {
  return `${baseUrl.replace(/^http/i, 'ws').replace(/\/+$/, '')}/ws`;
}

/** The encoding asked for at login (the gateway may downgrade; the worker decodes by what it negotiates). */
const RECEIVE_TYPE: ReceiveType = 'zstd-dict';
/** How often metas are re-judged against their bounds (they go overdue with no frame arriving). */
const STALENESS_CHECK_MS = 1_000;

/** The page's book and its stream connection: one per page, for the page's lifetime. */
export interface PageStream {
  readonly book: LiveBook;
  readonly connection: StreamConnection;
}

let pageStream: PageStream | null = null;

/**
 * The page's stream, opened on first use and kept until the page goes (the worker learns of it
 * on pagehide). A singleton on purpose: StrictMode's double mount must not open two workers.
 */
export function openPageStream(): PageStream {
  if (pageStream === null) {
    const book = new LiveBook();
    pageStream = { book, connection: connectStream(book) };
  }
  return pageStream;
}

export function StreamProvider({ children, open = openPageStream }: { readonly children: ReactNode; readonly open?: () => PageStream }) {
  const [{ book, connection }] = useState(open);
  const api = useApiClient();
  const baseUrl = useSettings((s) => s.baseUrl);
  const lang = useSettings((s) => s.lang);
  const chosenBookmakers = useSettings((s) => s.bookmakers);
  const sportIds = useSettings((s) => s.sportIds);
  const apiKey = useEffectiveApiKey();
  const bookmakerList = useQuery(bookmakersQuery(api));

  // A change of service empties the page's book and tells the worker, synchronously inside the
  // settings change: before any page renders against the new service, no row of the old one is
  // left to seed, show or re-snapshot from (the worker empties its own book and cursors too).
  useEffect(
    () =>
      useSettings.subscribe((next, previous) => {
        if (serviceIdentity(next, DASHBOARD_ORIGIN) === serviceIdentity(previous, DASHBOARD_ORIGIN)) return;
        book.reset();
        book.flush();
        connection.switchService({ restBaseUrl: next.baseUrl, apiKey: effectiveApiKey(next, DASHBOARD_ORIGIN) });
      }),
    [book, connection],
  );

  // Pages seed the page's book from REST; the worker shares those seeds with every tab's book.
  useEffect(() => book.subscribeSeeds((snapshot) => {
    connection.seed(snapshot);
  }), [book, connection]);

  useEffect(() => {
    if (bookmakerList.data === undefined) return;
    book.setBookmakerBounds(bookmakerList.data);
    connection.setBookmakerBounds(bookmakerList.data.map(({ bookmaker, maxDelayLiveInSec, maxDelayPregameInSec }) => ({ bookmaker, maxDelayLiveInSec, maxDelayPregameInSec })));
  }, [book, connection, bookmakerList.data]);

  // A book is stale only on evidence: while the stream does not deliver odds and metas (connecting,
  // re-snapshotting), their age is none.
  useEffect(() => {
    const update = () => {
      book.setDelivering(deliversOdds(connection.getStatus()));
    };
    update();
    return connection.subscribeStatus(update);
  }, [book, connection]);

  useEffect(() => {
    const timer = setInterval(() => {
      book.checkStaleness();
      book.flush();
    }, STALENESS_CHECK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [book]);

  // The odds channels need bookmakers at login: "every bookmaker" means the key's whole list.
  const bookmakers = useMemo(
    () => (chosenBookmakers.length > 0 ? chosenBookmakers : (bookmakerList.data?.map((b) => b.bookmaker) ?? null)),
    [chosenBookmakers, bookmakerList.data],
  );

  useEffect(() => {
    if (bookmakers === null || apiKey === '') return;
    connection.configure({
      stream: { url: streamUrlOf(baseUrl), apiKey, lang, receiveType: RECEIVE_TYPE, sportIds: [...sportIds], bookmakers: [...bookmakers] },
      restBaseUrl: baseUrl,
    });
  }, [connection, baseUrl, apiKey, lang, sportIds, bookmakers]);

  // What the login dropped as outside the key: pages leave it out of their REST requests. Each
  // status the worker posts is a new object: the same lists keep the same value (no re-render).
  const [droppedOf] = useState(() => {
    let last: { readonly json: string; readonly value: DroppedFilters | null } = { json: 'null', value: null };
    return (next: DroppedFilters | null) => {
      const json = JSON.stringify(next);
      if (json !== last.json) last = { json, value: next };
      return last.value;
    };
  });
  const dropped = useSyncExternalStore(
    (listener) => connection.subscribeStatus(listener),
    () => droppedOf(connection.getStatus()?.dropped ?? null),
  );

  return (
    <BookContext value={book}>
      <StreamContext value={connection}>
        <DroppedFiltersContext value={dropped}>
          {/* Pages declare the odds they show; the worker sends this page only those odds. */}
          <OddsInterestContext value={connection}>{children}</OddsInterestContext>
        </DroppedFiltersContext>
      </StreamContext>
    </BookContext>
  );
}
