// The live tail of the line-movement chart: every change of a shown oddsId's price in the live
// book, gathered as the book notifies it and handed to React at most once per `throttleMs`.
// The book stays the owner of live prices; this only remembers the ones seen since the REST answer.
import { useEffect, useRef, useState } from 'react';
import { useLiveBook, useOddsInterest } from '../../book/use-book.ts';
import { appendTailPoint, LineSeriesError, mergeTail, type HistoryPoint } from '../../domain/line-series.ts';

/** What the chart adds to the recorded history. */
export interface LiveTail {
  /** oddsId → live prices newer than its recorded series, strictly increasing in `changedAt`. */
  readonly tails: ReadonlyMap<string, readonly HistoryPoint[]>;
  /** Epoch ms (page clock) when the latest new price was handed on; null before the first. */
  readonly receivedAt: number | null;
}

const EMPTY: LiveTail = { tails: new Map(), receivedAt: null };

/**
 * Follows the live prices of the oddsIds of `floors` (oddsId → the `changedAt` of its recorded
 * series' last entry, null for none) while `enabled`: declares the fixture's odds interest (or
 * the stream sends the page no odds), starts from the book's current prices, and appends each
 * later change. A price not newer than its floor or the tail's last point is ignored. A new
 * `floors` (a REST refetch) prunes the tail to what the refetch does not cover; a change of the
 * oddsIds starts a new tail. Disabled (a finished or cancelled fixture) it follows nothing.
 */
export function useLiveTail(fixtureId: string, floors: ReadonlyMap<string, number | null>, enabled: boolean, throttleMs: number): LiveTail {
  const book = useLiveBook();
  const [tail, setTail] = useState<LiveTail>(EMPTY);
  // Read by the book's listeners, which outlive a render: a refetch moves the floors without
  // resubscribing, so the points it does not cover are kept.
  const floorsRef = useRef(floors);
  useEffect(() => {
    floorsRef.current = floors;
  }, [floors]);
  useOddsInterest(enabled ? [fixtureId] : []);
  const key = [...floors.keys()].sort().join(',');

  useEffect(() => {
    if (!enabled || key === '') return undefined;
    const oddsIds = key.split(',');
    const tails = new Map<string, readonly HistoryPoint[]>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastFired = 0;
    const publish = () => {
      timer = null;
      lastFired = Date.now();
      // Prune here rather than per price: points a refetch now covers are no longer needed.
      for (const [oddsId, points] of tails) tails.set(oddsId, mergeTail(points, floorsRef.current.get(oddsId) ?? null));
      setTail({ tails: new Map(tails), receivedAt: lastFired });
    };
    const record = (oddsId: string) => {
      const entry = book.getOdds(oddsId);
      // A price the book dropped (no longer offered) adds nothing: the next REST answer records it.
      if (entry === undefined) return;
      const before = tails.get(oddsId) ?? [];
      let after: readonly HistoryPoint[];
      try {
        after = appendTailPoint(before, entry, floorsRef.current.get(oddsId) ?? null);
      } catch (error) {
        // The wire schema already rejects such prices; one that slips through is skipped, not drawn.
        if (error instanceof LineSeriesError) return;
        throw error;
      }
      if (after === before) return;
      tails.set(oddsId, after);
      timer ??= setTimeout(publish, Math.max(0, lastFired + throttleMs - Date.now()));
    };
    const unsubscribes = oddsIds.map((oddsId) => book.subscribeOdds(oddsId, () => {
      record(oddsId);
    }));
    // The book may already hold prices newer than a cached REST answer (another page kept them).
    for (const oddsId of oddsIds) record(oddsId);
    return () => {
      if (timer !== null) clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [book, key, enabled, throttleMs]);

  return tail;
}
