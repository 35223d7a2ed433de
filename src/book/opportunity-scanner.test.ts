import { describe, expect, it } from 'vitest';
import { EQUAL_CONSENSUS } from '../domain/fair-line.ts';
import type { StreamUpdate } from '../wire/stream-schemas.ts';
import { FIXTURE_ID, MARKET_1X2, fixtureView, meta, oddsEntry, oddsFrame, oddsIdOf } from './book-test-data.ts';
import { LiveBook, type BookOp } from './book.ts';
import { OpportunityScanner, type ScanConfig, type ScanView } from './opportunity-scanner.ts';

const CONFIG: ScanConfig = { fairLine: EQUAL_CONSENSUS, method: 'multiplicative', commission: {}, bettable: null, hidden: [] };
const ARB_VIEW: ScanView = { tab: 'arb', sports: [], families: [], live: 'all', minPercent: 0, maxAgeSec: null, maxPrice: null, sort: { id: 'profit', desc: true }, offset: 0, limit: 50 };

function staleFrame(bookmaker: string, staleOdds: boolean): StreamUpdate {
  return { channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: staleOdds ? '2-1' : '3-1', payload: { fixtureId: FIXTURE_ID, bookmakers: { [bookmaker]: meta(bookmaker, staleOdds ? '2026-01-01T00:00:02Z' : '2026-01-01T00:00:03Z', { staleOdds }) } } };
}

/** A book and its scanner, fed the way the worker feeds them: apply, then note. */
function world() {
  const book = new LiveBook({ now: () => 10_000 });
  const scanner = new OpportunityScanner(book);
  scanner.setConfig(CONFIG);
  scanner.addCatalogue([MARKET_1X2]);
  const feed = (ops: BookOp[]) => {
    book.apply(ops);
    book.flush();
    scanner.noteOps(ops);
    return scanner.scan();
  };
  feed([{ op: 'update', frame: { channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-900', payload: fixtureView() } }]);
  return { book, scanner, feed };
}

// a: 3.2 / 3.3 / 2.3 (Σ 1.0503), b: 2.6 / 3.6 / 2.9 (Σ 1.0072): neither alone is an arbitrage, but the
// best 3.2 (a), 3.6 (b), 2.9 (b) are: Σ = 0.3125 + 0.27778 + 0.34483 = 0.93511.
const PRICES = [oddsEntry(1_000, 3.2, 'a', 101), oddsEntry(1_000, 3.3, 'a', 102), oddsEntry(1_000, 2.3, 'a', 103), oddsEntry(2_000, 2.6, 'b', 101), oddsEntry(2_000, 3.6, 'b', 102), oddsEntry(2_000, 2.9, 'b', 103)];

describe('OpportunityScanner', () => {
  it('finds an arbitrage across books from stream frames, names its legs, and drops it when a price closes it', () => {
    const { scanner, feed } = world();
    expect(feed([{ op: 'update', frame: oddsFrame(PRICES) }])).toBe(1);
    const view = scanner.view(ARB_VIEW, 10_000);
    expect(view.total).toBe(1);
    const row = view.tab === 'arb' ? view.rows[0] : undefined;
    expect(row?.fixtureName).toBe('A – B');
    expect(row?.marketName).toBe('Match Result');
    expect(row?.legs.map((l) => `${l.outcomeName}@${l.bookmaker} ${String(l.price)}`)).toEqual(['1@a 3.2', 'X@b 3.6', '2@b 2.9']);
    expect(row?.impliedSum).toBeCloseTo(0.935106, 5);
    expect(row?.oldestChangedAt).toBe(1_000);

    // a's home to 2.2: the best home is b's 2.6, and b alone is no arbitrage.
    feed([{ op: 'update', frame: oddsFrame([oddsEntry(3_000, 2.2, 'a', 101)]) }]);
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(0);
  });

  it('recomputes a market once per batch however many of its prices moved', () => {
    const { scanner, feed } = world();
    const count = feed([{ op: 'update', frame: oddsFrame(PRICES.slice(0, 3)) }, { op: 'update', frame: oddsFrame(PRICES.slice(3)) }]);
    expect(count).toBe(1);
    expect(scanner.recomputed).toBe(1);
  });

  it('a book going stale takes its arbitrage away, and back when it is fresh again', () => {
    const { scanner, feed } = world();
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(1);
    feed([{ op: 'update', frame: staleFrame('b', true) }]);
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(0);
    feed([{ op: 'update', frame: staleFrame('b', false) }]);
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(1);
  });

  it('filters by minimum return, maximum age, live, sport, family; windows the rows', () => {
    const { scanner, feed } = world();
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    // Return 1/0.93511 − 1 = 6.94 %; the oldest leg is 9 s old at 10 s.
    expect(scanner.view({ ...ARB_VIEW, minPercent: 6.9 }, 10_000).total).toBe(1);
    expect(scanner.view({ ...ARB_VIEW, minPercent: 7 }, 10_000).total).toBe(0);
    expect(scanner.view({ ...ARB_VIEW, maxAgeSec: 9 }, 10_000).total).toBe(1);
    expect(scanner.view({ ...ARB_VIEW, maxAgeSec: 8 }, 10_000).total).toBe(0);
    expect(scanner.view({ ...ARB_VIEW, live: 'pregame' }, 10_000).total).toBe(0);
    expect(scanner.view({ ...ARB_VIEW, sports: [11] }, 10_000).total).toBe(0);
    expect(scanner.view({ ...ARB_VIEW, families: ['totals'] }, 10_000).total).toBe(0);
    const windowed = scanner.view({ ...ARB_VIEW, offset: 1 }, 10_000);
    expect([windowed.total, windowed.rows.length]).toEqual([1, 0]);
  });

  it('lists +EV prices sorted by EV, only at books I can bet at', () => {
    const { scanner, feed } = world();
    scanner.setConfig({ ...CONFIG, bettable: ['b'] });
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    const view = scanner.view({ ...ARB_VIEW, tab: 'ev', sort: { id: 'ev', desc: true } }, 10_000);
    expect(view.tab).toBe('ev');
    const rows = view.tab === 'ev' ? view.rows : [];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.bookmaker === 'b')).toBe(true);
    expect(rows.map((r) => r.ev)).toEqual([...rows.map((r) => r.ev)].sort((x, y) => y - x));
    // Nothing from a: a's prices are not bettable, so no arbitrage either.
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(0);
  });

  it('a maximum price keeps the longer prices out of the +EV list', () => {
    const { scanner, feed } = world();
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    const ev = { ...ARB_VIEW, tab: 'ev', sort: { id: 'ev', desc: true } } as const;
    const listed = (maxPrice: number | null) => {
      const view = scanner.view({ ...ev, maxPrice }, 10_000);
      return view.tab === 'ev' ? view.rows.map((r) => `${r.bookmaker} ${String(r.price)}`) : [];
    };
    // By hand: the equal-weight consensus de-vigs a to .2975/.2885/.4140 and b to .3819/.2758/.3424,
    // so fair .3397/.2822/.3782: +EV are a's 3.2 (+8.7 %), b's 2.9 (+9.7 %) and b's 3.6 (+1.6 %).
    expect(listed(null)).toEqual(['b 2.9', 'a 3.2', 'b 3.6']);
    expect(listed(3.2)).toEqual(['b 2.9', 'a 3.2']);
    expect(listed(3)).toEqual(['b 2.9']);
  });

  it('a snapshot that no longer holds a book\'s prices takes their rows away, and a later move of a price still held shows in its row', () => {
    const { scanner, feed } = world();
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(1);
    // The re-snapshot holds only a's prices: b's are gone from the book, and so is the arbitrage they made.
    const aOnly = Object.fromEntries(PRICES.filter((e) => e.bookmaker === 'a').map((e) => [oddsIdOf(e.outcomeId, 'a'), e]));
    feed([{ op: 'seed', authoritative: true, snapshot: { channels: ['fixtures', 'odds', 'bookmakers'], fixtureIds: [FIXTURE_ID], futureIds: [], bookmakers: ['a', 'b'], fixtures: [fixtureView()], odds: [{ fixtureId: FIXTURE_ID, odds: { a: aOnly }, bookmakers: {} }], futuresOdds: [] } }]);
    expect(scanner.view(ARB_VIEW, 10_000).total).toBe(0);
    const evView = { ...ARB_VIEW, tab: 'ev', sort: { id: 'ev', desc: true } } as const;
    const before = scanner.view(evView, 10_000);
    expect(before.tab === 'ev' ? before.rows.map((r) => r.bookmaker) : []).not.toContain('b');
    // a alone: 3.2 / 3.3 / 2.3 is its own fair line, so none of its prices beats it; its draw to 4.0 does (EV = 4.0 × fair p − 1 > 0).
    feed([{ op: 'update', frame: oddsFrame([oddsEntry(5_000, 4.0, 'a', 102)]) }]);
    const after = scanner.view(evView, 10_000);
    const draw = after.tab === 'ev' ? after.rows.find((r) => r.oddsId === oddsIdOf(102, 'a')) : undefined;
    expect(draw?.price).toBe(4.0);
    expect(draw?.changedAt).toBe(5_000);
  });

  it('starts from what the book already holds', () => {
    const { book } = world();
    book.apply([{ op: 'update', frame: oddsFrame(PRICES) }]);
    const late = new OpportunityScanner(book);
    late.setConfig(CONFIG);
    late.addCatalogue([MARKET_1X2]);
    late.indexAll();
    late.scan();
    expect(late.view(ARB_VIEW, 10_000).total).toBe(1);
  });
});
