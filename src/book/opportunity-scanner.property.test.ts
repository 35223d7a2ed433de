// The scanner keeps each market's quotes as updates arrive and recomputes only the markets a batch
// touched; whatever the sequence, its rows must be exactly (to the last bit) what a scan from
// scratch over the same book gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBookmakerStale, LiveBook, type BookOp } from './book.ts';
import { FIXTURE_ID, MARKET_1X2, fixtureView, meta, oddsEntry, oddsFrame } from './book-test-data.ts';
import { OpportunityScanner, type ScanConfig, type ScanView } from './opportunity-scanner.ts';
import { scanMarket, type ScanQuote } from '../domain/opportunities.ts';
import type { StreamUpdate } from '../wire/stream-schemas.ts';

const FIXTURES = [FIXTURE_ID, 'sr10000002x1'];
const BOOKS = ['a', 'b', 'c', 'd', 'e'];
const OUTCOMES = [101, 102, 103];
// A 4-book weighted consensus from at least 2 books; 'b' charges commission; 'e' is hidden (fair line only if weighted: it is not).
const CONFIG: ScanConfig = {
  fairLine: { weights: { a: 3, b: 2, c: 1, d: 1 }, minBooks: 2, requiredBook: null },
  method: 'multiplicative',
  commission: { b: 0.02 },
  bettable: null,
  hidden: ['e'],
};
const VIEW = { sports: [], families: [], live: 'all', minPercent: 0, maxAgeSec: null, maxPrice: null, offset: 0, limit: 10_000 } as const;
const EV_VIEW: ScanView = { ...VIEW, tab: 'ev', sort: { id: 'ev', desc: true } };
const ARB_VIEW: ScanView = { ...VIEW, tab: 'arb', sort: { id: 'profit', desc: true } };

type Change =
  | { readonly kind: 'price'; readonly fixture: number; readonly book: number; readonly outcome: number; readonly price: number; readonly active: boolean; readonly marketActive: boolean }
  | { readonly kind: 'meta'; readonly fixture: number; readonly book: number; readonly staleOdds: boolean; readonly suspended: boolean };

const changeArb: fc.Arbitrary<Change> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('price' as const),
      fixture: fc.integer({ min: 0, max: FIXTURES.length - 1 }),
      book: fc.integer({ min: 0, max: BOOKS.length - 1 }),
      outcome: fc.integer({ min: 0, max: OUTCOMES.length - 1 }),
      // Prices in hundredths, 1.01–8.00: short and long, with arbitrages among them.
      price: fc.integer({ min: 101, max: 800 }).map((h) => h / 100),
      active: fc.integer({ min: 0, max: 9 }).map((i) => i > 0),
      marketActive: fc.integer({ min: 0, max: 9 }).map((i) => i > 0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('meta' as const),
      fixture: fc.integer({ min: 0, max: FIXTURES.length - 1 }),
      book: fc.integer({ min: 0, max: BOOKS.length - 1 }),
      staleOdds: fc.boolean(),
      suspended: fc.boolean(),
    }),
  },
);

/** The rows a scan from scratch gives over what `book` holds now, in the scanner's row terms. */
function fromScratch(book: LiveBook) {
  const ev: { key: string; bookmaker: string; price: number; netPrice: number; fairProbability: number; ev: number; changedAt: number }[] = [];
  const arb: { key: string; impliedSum: number; profitRatio: number; oldestChangedAt: number; legs: { oddsId: string; bookmaker: string; price: number; netPrice: number; share: number }[] }[] = [];
  for (const fixtureId of FIXTURES) {
    const quotes: ScanQuote[] = [];
    for (const entries of Object.values(book.fixtureOdds(fixtureId))) {
      for (const [oddsId, e] of Object.entries(entries)) {
        if (e.marketId === MARKET_1X2.marketId) quotes.push({ oddsId, bookmaker: e.bookmaker, outcomeId: e.outcomeId, price: e.price, active: e.active, marketActive: e.marketActive, changedAt: e.changedAt });
      }
    }
    // Reversed: a scan from scratch must not depend on the order the book lists its prices in.
    quotes.reverse();
    const scan = scanMarket(
      {
        outcomeIds: OUTCOMES,
        quotes,
        bookStatus: (bookmaker) => {
          const m = book.getBookmakerMeta(fixtureId, bookmaker);
          return m === undefined ? undefined : { stale: isBookmakerStale(m), suspended: m.meta.suspended };
        },
      },
      { fairLine: CONFIG.fairLine, method: CONFIG.method, commission: CONFIG.commission, canBet: (b) => b !== 'e' },
    );
    for (const f of scan.ev) ev.push({ key: f.oddsId, bookmaker: f.bookmaker, price: f.price, netPrice: f.netPrice, fairProbability: f.fairProbability, ev: f.ev, changedAt: f.changedAt });
    const a = scan.arbitrage;
    if (a !== null) {
      arb.push({
        key: `${fixtureId}|${String(MARKET_1X2.marketId)}|0`,
        impliedSum: a.impliedSum,
        profitRatio: a.profitRatio,
        oldestChangedAt: a.oldestChangedAt,
        legs: a.legs.map((l) => ({ oddsId: l.oddsId, bookmaker: l.bookmaker, price: l.price, netPrice: l.netPrice, share: l.share })),
      });
    }
  }
  const byKey = (x: { key: string }, y: { key: string }) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0);
  return { ev: ev.sort(byKey), arb: arb.sort(byKey) };
}

describe('OpportunityScanner against a scan from scratch', () => {
  it('after every batch of random price and book-state changes, its rows equal scanMarket over the same book, bit for bit', () => {
    // The comparison proves something only if the sequences make rows: count them.
    let evRows = 0;
    let arbRows = 0;
    fc.assert(
      fc.property(fc.array(fc.array(changeArb, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 25 }), (batches) => {
        const book = new LiveBook({ now: () => 10_000 });
        const scanner = new OpportunityScanner(book);
        scanner.setConfig(CONFIG);
        scanner.addCatalogue([MARKET_1X2]);
        const feed = (ops: BookOp[]) => {
          book.apply(ops);
          book.flush();
          scanner.noteOps(ops);
          scanner.scan();
        };
        feed(FIXTURES.map((fixtureId, i) => ({ op: 'update', frame: { channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: `1-${String(900 + i)}`, payload: fixtureView(fixtureId) } })));
        let clock = 0;
        for (const batch of batches) {
          const ops: BookOp[] = batch.map((change): BookOp => {
            clock += 1;
            const fixtureId = FIXTURES[change.fixture] ?? FIXTURE_ID;
            const bookmaker = BOOKS[change.book] ?? 'a';
            if (change.kind === 'price') {
              const entry = { ...oddsEntry(1_000 + clock, change.price, bookmaker, OUTCOMES[change.outcome]), active: change.active, marketActive: change.marketActive };
              return { op: 'update', frame: oddsFrame([entry], fixtureId) };
            }
            const updatedAt = new Date(Date.UTC(2026, 0, 1) + clock * 1000).toISOString();
            const frame: StreamUpdate = {
              channel: 'bookmakers',
              type: 'UPDATE',
              ts: 1,
              entryId: `${String(clock + 1)}-1`,
              payload: { fixtureId, bookmakers: { [bookmaker]: meta(bookmaker, updatedAt, { staleOdds: change.staleOdds, suspended: change.suspended }) } },
            };
            return { op: 'update', frame };
          });
          feed(ops);
          const expected = fromScratch(book);
          const evView = scanner.view(EV_VIEW, 10_000);
          const arbView = scanner.view(ARB_VIEW, 10_000);
          const ev = (evView.tab === 'ev' ? evView.rows : [])
            .map((r) => ({ key: r.key, bookmaker: r.bookmaker, price: r.price, netPrice: r.netPrice, fairProbability: r.fairProbability, ev: r.ev, changedAt: r.changedAt }))
            .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
          const arb = (arbView.tab === 'arb' ? arbView.rows : [])
            .map((r) => ({ key: r.key, impliedSum: r.impliedSum, profitRatio: r.profitRatio, oldestChangedAt: r.oldestChangedAt, legs: r.legs.map((l) => ({ oddsId: l.oddsId, bookmaker: l.bookmaker, price: l.price, netPrice: l.netPrice, share: l.share })) }))
            .sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
          expect(ev).toEqual(expected.ev);
          expect(arb).toEqual(expected.arb);
          evRows += ev.length;
          arbRows += arb.length;
        }
      }),
      { numRuns: 150 },
    );
    expect(evRows).toBeGreaterThan(0);
    expect(arbRows).toBeGreaterThan(0);
  });
});
