// A counter that moves when any of some prices (or their bookmakers' metas) change in the live
// book, at most once per `throttleMs`: the parlay page re-asks for its quotes and re-derives its
// fair probabilities on it, so a busy in-play market cannot flood the rate-limited endpoints.
import { useEffect, useState } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import { parseOddsId } from '../../domain/ids.ts';

/**
 * The version of the prices `oddsIds` in the book: 0, then +1 after a change, no more often than
 * every `throttleMs` (a change inside the window is delivered at its end, never lost).
 */
export function useBookVersion(oddsIds: readonly string[], throttleMs: number): number {
  const book = useLiveBook();
  const [version, setVersion] = useState(0);
  const key = oddsIds.join(',');

  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    const metas = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastFired = 0;
    const fire = () => {
      timer = null;
      lastFired = Date.now();
      setVersion((v) => v + 1);
    };
    const onChange = () => {
      if (timer !== null) return;
      const wait = Math.max(0, lastFired + throttleMs - Date.now());
      timer = setTimeout(fire, wait);
    };
    const unsubscribes = ids.map((oddsId) => book.subscribeOdds(oddsId, onChange));
    for (const oddsId of ids) {
      const { fixtureId, bookmaker } = parseOddsId(oddsId);
      const metaKey = `${fixtureId} ${bookmaker}`;
      if (metas.has(metaKey)) continue;
      metas.add(metaKey);
      unsubscribes.push(book.subscribeBookmakerMeta(fixtureId, bookmaker, onChange));
    }
    return () => {
      if (timer !== null) clearTimeout(timer);
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [book, key, throttleMs]);

  return version;
}
