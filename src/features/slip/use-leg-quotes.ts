// The live price state of every leg of the slip, read from the live book: one subscription per
// leg price and per leg bookmaker's meta, so the drawer re-renders only when one of them changes.
import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { useLiveBook, useOddsInterest } from '../../book/use-book.ts';
import { parseOddsId } from '../../domain/ids.ts';
import { legPriceState, type LegPriceState } from './slip-summary.ts';

interface LegRef {
  readonly oddsId: string;
  readonly fixtureId: string;
  readonly bookmaker: string;
}

function refsOf(legs: readonly string[]): LegRef[] {
  const refs: LegRef[] = [];
  for (const oddsId of legs) {
    try {
      const { fixtureId, bookmaker } = parseOddsId(oddsId);
      refs.push({ oddsId, fixtureId, bookmaker });
    } catch {
      // The slip holds only valid oddsIds; a foreign one simply has no live state.
    }
  }
  return refs;
}

/**
 * Per leg (in the order of `legs`), its live price state (see `legPriceState`). The array keeps
 * its identity until one leg's price or bookmaker meta changes.
 */
export function useLegQuotes(legs: readonly string[]): readonly LegPriceState[] {
  const book = useLiveBook();
  const key = legs.join(',');
  // Keyed by the legs' text, so a new array holding the same legs does not resubscribe.
  const refs = useMemo(() => refsOf(key === '' ? [] : key.split(',')), [key]);
  useOddsInterest(refs.map((ref) => ref.fixtureId));
  const cache = useRef<{ inputs: unknown[]; states: LegPriceState[] } | null>(null);

  const subscribe = useCallback(
    (listener: () => void) => {
      const unsubscribes = refs.flatMap((ref) => [
        book.subscribeOdds(ref.oddsId, listener),
        book.subscribeBookmakerMeta(ref.fixtureId, ref.bookmaker, listener),
      ]);
      return () => {
        for (const unsubscribe of unsubscribes) unsubscribe();
      };
    },
    [book, refs],
  );

  const getSnapshot = useCallback((): LegPriceState[] => {
    const inputs: unknown[] = [];
    for (const ref of refs) {
      inputs.push(book.getOdds(ref.oddsId), book.getBookmakerMeta(ref.fixtureId, ref.bookmaker));
    }
    const held = cache.current;
    if (held !== null && held.inputs.length === inputs.length && held.inputs.every((value, i) => value === inputs[i])) return held.states;
    const states = refs.map((ref) => legPriceState(book.getOdds(ref.oddsId), book.getBookmakerMeta(ref.fixtureId, ref.bookmaker)?.meta));
    cache.current = { inputs, states };
    return states;
  }, [book, refs]);

  return useSyncExternalStore(subscribe, getSnapshot);
}
