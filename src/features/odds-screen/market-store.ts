// The derived values of each market on the board (cell states, best prices, overround, fair
// prices, arbitrage) as small external stores: a store listens to its market's oddsIds in the
// live book, tells its readers once at the end of a book flush (so one React render takes a
// price and its market's values together), recomputes lazily, and only while something reads it.
import { useCallback, useSyncExternalStore } from 'react';
import type { LiveBook } from '../../book/book.ts';
import type { BoardLayout } from '../../domain/odds-board-layout.ts';
import { marketValues, type MarketValues, type ValuesOptions } from '../../domain/odds-board-values.ts';

type Listener = () => void;

/** What a store needs of the book (a LiveBook fits; tests may pass their own). */
export type OddsSource = Pick<LiveBook, 'getOdds' | 'subscribeOdds' | 'subscribeAny'>;

/** One market's values, recomputed only after one of its prices changed. */
export class MarketValuesStore {
  private readonly listeners = new Set<Listener>();
  private unsubscribeBook: (() => void) | null = null;
  private values: MarketValues | null = null;
  /** How many times the values were computed (for tests and the bench). */
  computations = 0;

  constructor(
    private readonly book: OddsSource,
    private readonly layout: BoardLayout,
    readonly marketKey: string,
    private readonly options: ValuesOptions,
    /** Called when a price of the market changed; the owner calls `notify()` once the flush is over. */
    private readonly schedule: (store: MarketValuesStore) => void,
  ) {}

  /** Tells the readers that the values may have changed (after a book flush). */
  notify(): void {
    for (const listener of [...this.listeners]) listener();
  }

  /** The current values; computed on first read after a change. */
  readonly getValues = (): MarketValues => {
    if (this.values === null) {
      this.computations++;
      this.values = marketValues(this.layout, this.marketKey, (oddsId) => this.book.getOdds(oddsId), this.options);
    }
    return this.values;
  };

  /**
   * Subscribes to the values; the first subscriber makes the store listen to the market's
   * oddsIds, the last one leaving stops it (an unmounted market costs nothing).
   */
  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    if (this.unsubscribeBook === null) this.listenToBook();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && this.unsubscribeBook !== null) {
        this.unsubscribeBook();
        this.unsubscribeBook = null;
        // Not listening any more: the next read must not trust what was computed before.
        this.values = null;
      }
    };
  };

  private listenToBook(): void {
    const market = this.layout.markets.get(this.marketKey);
    const offs: (() => void)[] = [];
    const onChange = (): void => {
      this.values = null;
      this.schedule(this);
    };
    for (const row of market?.rows ?? []) for (const oddsId of row.oddsIds) offs.push(this.book.subscribeOdds(oddsId, onChange));
    this.unsubscribeBook = () => {
      for (const off of offs) off();
    };
    // Prices may have moved while nobody listened.
    this.values = null;
  }
}

/**
 * The stores of one board (one layout and one set of options), created on first use. A book
 * flush notifies every changed oddsId synchronously, then its "any" listeners: the stores whose
 * prices changed are told then, each once, however many of their prices moved.
 */
export class MarketStores {
  private readonly stores = new Map<string, MarketValuesStore>();
  private readonly pending = new Set<MarketValuesStore>();
  private attached = false;
  private microtask = false;

  constructor(
    private readonly book: OddsSource,
    private readonly layout: BoardLayout,
    private readonly options: ValuesOptions,
  ) {}

  /** Listens to the end of each book flush; returns the detach function (call both from an effect). */
  attach(): () => void {
    this.attached = true;
    const off = this.book.subscribeAny(this.notifyPending);
    return () => {
      off();
      this.attached = false;
    };
  }

  private readonly notifyPending = (): void => {
    this.microtask = false;
    if (this.pending.size === 0) return;
    const stores = [...this.pending];
    this.pending.clear();
    for (const store of stores) store.notify();
  };

  private readonly schedule = (store: MarketValuesStore): void => {
    this.pending.add(store);
    // Not attached (yet): tell the readers after the flush's synchronous work all the same.
    if (!this.attached && !this.microtask) {
      this.microtask = true;
      queueMicrotask(this.notifyPending);
    }
  };

  /** The store of `marketKey` (a key of `layout.markets`). */
  get(marketKey: string): MarketValuesStore {
    let store = this.stores.get(marketKey);
    if (store === undefined) {
      store = new MarketValuesStore(this.book, this.layout, marketKey, this.options, this.schedule);
      this.stores.set(marketKey, store);
    }
    return store;
  }
}

/**
 * A piece of a market's values, re-rendering only when that piece changes: `select` must return
 * a primitive (or a value that stays the same object while unchanged), e.g. a formatted string.
 */
export function useMarketSelector<T>(store: MarketValuesStore, select: (values: MarketValues) => T): T {
  const getSnapshot = useCallback(() => select(store.getValues()), [store, select]);
  return useSyncExternalStore(store.subscribe, getSnapshot);
}
