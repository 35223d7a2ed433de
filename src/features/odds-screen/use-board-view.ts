// How the odds board is shown, shared by the live board and the board at a past moment: the
// bookmakers' names and freshness bounds, the user's board preferences (hidden, ordered, charged
// books, density), the de-vig method and ranges kept in the URL, and the players' names.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { bookmakersQuery } from '../../api/queries.ts';
import { usePlayerNameOf } from '../../api/use-player-names.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useMediaQuery } from '../../components/use-media-query.ts';
import { commissionOf } from '../../domain/commission.ts';
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import type { BoardLayout } from '../../domain/odds-board-layout.ts';
import type { BoardPrefs } from '../../settings/board-prefs-store.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { boardPlayerIds, type BoardMode } from './board-rows.ts';
import { BOARD_COLUMN_PARAMS, parseBoardColumns, type ParsedBoardColumns } from './board-view-params.ts';
import { visibleColumns } from './book-columns.ts';

const NO_PROBLEMS: readonly string[] = [];

/** The URL parameter of the de-vig method, and the default. */
export const DEVIG_PARAM = 'devig';
export const DEFAULT_DEVIG: DevigMethod = 'multiplicative';
/** `ranges=1` shows each fair price's range across methods inline (it is always on hover). */
export const RANGES_PARAM = 'ranges';

/** Below this width each outcome is a card (./odds-screen.css has the same figure). */
export const CARDS_QUERY = '(max-width: 640px)';

/** The de-vig method named in the URL, or the default for a missing or unknown one. */
export function devigMethodOf(value: string | null): DevigMethod {
  return DEVIG_METHODS.find((method) => method === value) ?? DEFAULT_DEVIG;
}

export interface BoardView {
  readonly nameOf: (bookmaker: string) => string;
  readonly boundOf: (bookmaker: string) => string | null;
  readonly playerNameOf: (playerId: number) => string;
  readonly prefs: BoardPrefs;
  readonly updatePrefs: (patch: Partial<BoardPrefs>) => void;
  readonly mode: BoardMode;
  /** The layout columns shown, in display order. */
  readonly visible: readonly number[];
  /** The books the panel lists (hidden ones included), in display order. */
  readonly panelBooks: readonly string[];
  readonly hiddenBooks: ReadonlySet<string>;
  /** "Betfair 2.0%" per shown book that charges commission. */
  readonly charged: readonly string[];
  readonly method: DevigMethod;
  readonly showRanges: boolean;
  /** Sets (or with null removes) a URL parameter, replacing the history entry. */
  readonly setParam: (name: string, value: string | null) => void;
  /** Column parameters of the last opened URL (a saved view's) that were malformed and dropped. */
  readonly columnProblems: readonly string[];
}

/** The board's display state for `layout` (null while it loads); `live` picks the freshness bounds. */
export function useBoardView(layout: BoardLayout | null, live: boolean): BoardView {
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const method = devigMethodOf(params.get(DEVIG_PARAM));
  const showRanges = params.get(RANGES_PARAM) === '1';
  const bookmakerList = useQuery(bookmakersQuery(client));
  const playerIds = useMemo(() => (layout === null ? [] : boardPlayerIds(layout)), [layout]);
  const playerNameOf = usePlayerNameOf(playerIds);

  const nameOf = useBookmakerNameOf();
  const records = useMemo(() => new Map(bookmakerList.data?.map((b) => [b.bookmaker, b])), [bookmakerList.data]);
  const boundOf = useCallback(
    (slug: string): string | null => {
      const record = records.get(slug);
      const seconds = live ? record?.maxDelayLiveInSec : record?.maxDelayPregameInSec;
      return seconds == null ? null : `${String(seconds)} s (${live ? 'live' : 'pre-game'})`;
    },
    [records, live],
  );
  const [prefs, updatePrefs] = useBoardPrefs();
  // A saved view's URL carries the board's columns (./board-view-params.ts): applied to the
  // preferences once, then dropped from the URL, whose other parameters stay.
  const urlColumns = useMemo(() => parseBoardColumns(params), [params]);
  // The problems stay shown after the parameters leave the URL (kept from the render that read them).
  const [applied, setApplied] = useState<ParsedBoardColumns | null>(null);
  if (urlColumns.present && applied !== urlColumns) setApplied(urlColumns);
  const columnProblems = applied?.problems ?? NO_PROBLEMS;
  useEffect(() => {
    if (!urlColumns.present) return;
    if (Object.keys(urlColumns.patch).length > 0) updatePrefs(urlColumns.patch);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of Object.values(BOARD_COLUMN_PARAMS)) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [urlColumns, setParams, updatePrefs]);
  const narrow = useMediaQuery(CARDS_QUERY);
  const mode: BoardMode = narrow ? 'cards' : prefs.density;
  const columns = layout?.columns;
  const visible = useMemo(() => (columns === undefined ? [] : visibleColumns(columns, prefs)), [columns, prefs]);
  const panelBooks = useMemo(
    () => (columns === undefined ? [] : visibleColumns(columns, { ...prefs, hidden: [] }).map((i) => columns[i] ?? '')),
    [columns, prefs],
  );
  const hiddenBooks = useMemo(() => new Set(prefs.hidden), [prefs.hidden]);
  const charged = (columns ?? [])
    .filter((b) => !hiddenBooks.has(b) && commissionOf(b, prefs.commission) > 0)
    .map((b) => `${nameOf(b)} ${(commissionOf(b, prefs.commission) * 100).toFixed(1)}%`);

  const setParam = useCallback(
    (name: string, value: string | null) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { nameOf, boundOf, playerNameOf, prefs, updatePrefs, mode, visible, panelBooks, hiddenBooks, charged, method, showRanges, setParam, columnProblems };
}

/** The board's props that follow the display state (spread into `<OddsBoard>`). */
export function boardDisplayProps(view: BoardView) {
  return {
    nameOf: view.nameOf,
    playerNameOf: view.playerNameOf,
    method: view.method,
    showRanges: view.showRanges,
    visible: view.visible,
    hiddenBooks: view.hiddenBooks,
    commission: view.prefs.commission,
    mode: view.mode,
  } as const;
}
