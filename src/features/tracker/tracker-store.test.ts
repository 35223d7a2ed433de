import { describe, expect, it } from 'vitest';
import { TrackedBetCsvError } from '../../domain/tracked-bet-csv.ts';
import { TrackedBetError, type TrackedBet } from '../../domain/tracked-bet.ts';
import { readTrackerReference, trackerReferenceKey, trackerStorageKey, TrackerStore, TrackerStoreError, writeTrackerReference, type TrackerBackend } from './tracker-store.ts';

class MemoryBackend implements TrackerBackend {
  readonly items = new Map<string, string>();
  full = false;
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

function bet(id: string, price = 2.1, stake = 10): TrackedBet {
  return {
    id,
    placedAt: 1_700_000_000_000,
    stake,
    currency: 'GBP',
    note: '=1+1, "x"\n中文',
    legs: [{ oddsId: '1-2-3-4', bookmaker: 'bet365', price, sport: 'Football', label: '', close: { kind: 'open' }, grade: null }],
  };
}

const URL_A = 'http://127.0.0.1:4460';

describe('TrackerStore', () => {
  it('keeps the bets of each service apart, under its base URL', () => {
    const backend = new MemoryBackend();
    new TrackerStore(backend, URL_A).add(bet('a'));
    expect(new TrackerStore(backend, `${URL_A}/`).getSnapshot().bets.map((b) => b.id)).toEqual(['a']);
    expect(new TrackerStore(backend, 'https://odds.example.com').getSnapshot().bets).toEqual([]);
    expect([...backend.items.keys()]).toEqual([trackerStorageKey(URL_A)]);
  });

  it('reads back exactly what it stored', () => {
    const backend = new MemoryBackend();
    const store = new TrackerStore(backend, URL_A);
    store.add(bet('a'));
    const [first] = bet('a').legs;
    if (first === undefined) throw new Error('no leg');
    store.update([{ ...bet('a'), legs: [{ ...first, close: { kind: 'closed', price: 2, fairPrice: 2.05, consensusPrice: null, bookCloses: [{ bookmaker: 'bet365', price: 2, fairPrice: 2.05 }] }, grade: 'won' }] }]);
    expect(new TrackerStore(backend, URL_A).getSnapshot().bets).toEqual(store.getSnapshot().bets);
    expect(store.getSnapshot().bets[0]?.legs[0]?.grade).toBe('won');
  });

  it('refuses a price of 1 or a stake of 0 and keeps what was stored', () => {
    const store = new TrackerStore(new MemoryBackend(), URL_A);
    store.add(bet('a'));
    expect(() => { store.add(bet('b', 1)); }).toThrow(TrackedBetError);
    expect(() => { store.add(bet('c', 2, 0)); }).toThrow('The stake must be more than 0, got 0.');
    expect(store.getSnapshot().bets.map((b) => b.id)).toEqual(['a']);
  });

  it('imports all of a CSV or none of it', () => {
    const store = new TrackerStore(new MemoryBackend(), URL_A);
    store.add(bet('a'));
    const other = new TrackerStore(new MemoryBackend(), URL_A);
    other.add(bet('b'));
    other.add(bet('c'));
    const broken = other.exportCsv().replace(/,2\.1,(?=[^\n]*\r\n$)/u, ',0.5,');
    expect(() => store.importCsv(broken)).toThrow(TrackedBetCsvError);
    expect(() => store.importCsv(broken)).toThrow(/^Row 3, price:/u);
    expect(store.getSnapshot().bets.map((b) => b.id)).toEqual(['a']);
    expect(store.importCsv(other.exportCsv())).toBe(2);
    expect(store.getSnapshot().bets.map((b) => b.id)).toEqual(['a', 'b', 'c']);
  });

  it('says so when the browser refuses to store, and changes nothing', () => {
    const backend = new MemoryBackend();
    const store = new TrackerStore(backend, URL_A);
    store.add(bet('a'));
    backend.full = true;
    expect(() => { store.add(bet('b')); }).toThrow(TrackerStoreError);
    expect(store.getSnapshot().bets.map((b) => b.id)).toEqual(['a']);
  });

  it('does not write over stored bets it cannot read', () => {
    const backend = new MemoryBackend();
    backend.items.set(trackerStorageKey(URL_A), 'not,a,tracker,csv\r\n');
    const store = new TrackerStore(backend, URL_A);
    expect(store.getSnapshot().problem).toMatch(/^The stored bets cannot be read/u);
    expect(() => { store.add(bet('a')); }).toThrow(TrackerStoreError);
    expect(backend.items.get(trackerStorageKey(URL_A))).toBe('not,a,tracker,csv\r\n');
  });

  it('reads bets stored in format 1 (before every book\'s close was kept) and writes them back in format 2', () => {
    const backend = new MemoryBackend();
    // As format 1 stored it: referenceClosePrice was the consensus.
    backend.items.set(
      trackerStorageKey(URL_A),
      '\uFEFFbetId,placedAt,stake,currency,note,oddsId,bookmaker,price,sport,label,close,closePrice,fairClosePrice,referenceClosePrice,noCloseReason,grade\r\n' +
        'old,2026-11-20T12:00:00.000Z,10,GBP,,1-2-3-4,bet365,2.1,Football,,closed,2,2.05,2.2,,won\r\n',
    );
    const store = new TrackerStore(backend, URL_A);
    expect(store.getSnapshot().problem).toBeNull();
    expect(store.getSnapshot().bets[0]?.legs[0]?.close).toEqual({ kind: 'closed', price: 2, fairPrice: 2.05, consensusPrice: 2.2, bookCloses: null });
    store.add(bet('a'));
    expect(backend.items.get(trackerStorageKey(URL_A))).toContain(',consensusClosePrice,bookClosePrices,');
    expect(new TrackerStore(backend, URL_A).getSnapshot().bets).toEqual(store.getSnapshot().bets);
  });

  it('keeps the chosen CLV reference per service, the consensus until one is chosen', () => {
    const backend = new MemoryBackend();
    expect(readTrackerReference(backend, URL_A)).toEqual({ kind: 'consensus', sharpBook: 'pinnacle' });
    writeTrackerReference(backend, URL_A, { kind: 'sharp', sharpBook: 'betfair' });
    expect(readTrackerReference(backend, `${URL_A}/`)).toEqual({ kind: 'sharp', sharpBook: 'betfair' });
    expect(readTrackerReference(backend, 'https://odds.example.com')).toEqual({ kind: 'consensus', sharpBook: 'pinnacle' });
    backend.items.set(trackerReferenceKey(URL_A), '{"kind":"best"}');
    expect(readTrackerReference(backend, URL_A)).toEqual({ kind: 'consensus', sharpBook: 'pinnacle' });
    backend.full = true;
    expect(() => { writeTrackerReference(backend, URL_A, { kind: 'same-book', sharpBook: 'pinnacle' }); }).not.toThrow();
  });

  it('tells subscribers of each change', () => {
    const store = new TrackerStore(new MemoryBackend(), URL_A);
    let calls = 0;
    const unsubscribe = store.subscribe(() => {
      calls += 1;
    });
    store.add(bet('a'));
    store.remove('a');
    unsubscribe();
    store.add(bet('b'));
    expect(calls).toBe(2);
  });
});
