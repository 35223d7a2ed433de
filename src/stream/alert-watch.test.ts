import { describe, expect, it } from 'vitest';
import { FIXTURE_ID, MARKET_1X2, fixtureView, meta, oddsEntry, oddsFrame } from '../book/book-test-data.ts';
import { LiveBook, type BookOp } from '../book/book.ts';
import type { ScanConfig } from '../book/opportunity-scanner.ts';
import { EQUAL_CONSENSUS } from '../domain/fair-line.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { createAlertWatch, type AlertFinds, type AlertWatchRequest } from './alert-watch.ts';

const CONFIG: ScanConfig = { fairLine: EQUAL_CONSENSUS, method: 'multiplicative', commission: {}, bettable: null, hidden: [] };
// a: 3.2 / 3.3 / 2.3, b: 2.6 / 3.6 / 2.9: the best prices 3.2 (a), 3.6 (b), 2.9 (b) are an
// arbitrage: Σ = 0.3125 + 0.27778 + 0.34483 = 0.93511, a return of 1/Σ − 1 = 6.94 %.
const PRICES = [oddsEntry(1_000, 3.2, 'a', 101), oddsEntry(1_000, 3.3, 'a', 102), oddsEntry(1_000, 2.3, 'a', 103), oddsEntry(2_000, 2.6, 'b', 101), oddsEntry(2_000, 3.6, 'b', 102), oddsEntry(2_000, 2.9, 'b', 103)];
const ARB_ONLY = (minPercent: number): AlertWatchRequest => ({ config: CONFIG, watch: { ev: null, arbitrage: { minPercent } } });

/** A mirror book and an alert watch with a manual clock and timers; pages are names. */
function setup(maxRows?: number) {
  const book = new LiveBook({ now: () => 10_000 });
  const timers: { cb: () => void; ms: number }[] = [];
  const posted: { port: string; finds: AlertFinds }[] = [];
  const catalogue: Market[] = [MARKET_1X2];
  const watch = createAlertWatch<string>({
    book,
    now: () => 10_000,
    setTimeout: (cb, ms) => timers.push({ cb, ms }),
    catalogue: () => catalogue,
    post: (port, finds) => posted.push({ port, finds }),
    ...(maxRows === undefined ? {} : { maxRows }),
  });
  const feed = (ops: BookOp[]) => {
    book.apply(ops);
    book.flush();
    watch.observe(ops);
  };
  const tick = () => {
    for (const t of timers.splice(0)) t.cb();
  };
  feed([{ op: 'update', frame: { channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-900', payload: fixtureView() } }]);
  return { watch, feed, tick, timers, posted };
}

describe('the alert watch', () => {
  it('sends a watching page the arbitrage at or above its threshold, naming the legs, at most every 500 ms', () => {
    const { watch, feed, tick, timers, posted } = setup();
    watch.set('page', ARB_ONLY(0.5));
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    // One timer, of 500 ms, however many batches come before it fires.
    feed([{ op: 'update', frame: oddsFrame([oddsEntry(1_500, 3.2, 'a', 101)]) }]);
    expect(timers.map((t) => t.ms)).toEqual([500]);
    tick();
    const last = posted[posted.length - 1];
    expect(last?.port).toBe('page');
    expect(last?.finds.arb.map((r) => r.legs.map((l) => l.bookmaker))).toEqual([['a', 'b', 'b']]);
    expect(last?.finds.arb[0]?.profitRatio).toBeCloseTo(1 / (1 / 3.2 + 1 / 3.6 + 1 / 2.9) - 1, 12);
    expect(last?.finds.ev).toEqual([]);
  });

  it('sends nothing for an arbitrage below the threshold, and nothing again while the rows stay the same', () => {
    const { watch, feed, tick, posted } = setup();
    // 6.94 % is below 7 %.
    watch.set('page', ARB_ONLY(7));
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    tick();
    expect(posted.map((p) => p.finds.arb.length)).toEqual([0]);
    // A price elsewhere in the market that changes no row: no post.
    feed([{ op: 'update', frame: oddsFrame([oddsEntry(3_000, 3.1, 'a', 102)]) }]);
    tick();
    expect(posted).toHaveLength(1);
  });

  it('never counts a stale book: the arbitrage it made goes', () => {
    const { watch, feed, tick, posted } = setup();
    watch.set('page', ARB_ONLY(0.5));
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    tick();
    expect(posted[posted.length - 1]?.finds.arb).toHaveLength(1);
    feed([{ op: 'update', frame: { channel: 'bookmakers', type: 'UPDATE', ts: 2, entryId: '2-1', payload: { fixtureId: FIXTURE_ID, bookmakers: { b: meta('b', '2026-01-01T00:00:02Z', { staleOdds: true }) } } } }]);
    tick();
    expect(posted[posted.length - 1]?.finds.arb).toEqual([]);
  });

  it('sends EV rows best first, capped, and only at the rules books', () => {
    // Fair: the equal consensus of a and b (mean implied .34856 / .29040 / .38980, de-vigged:
    // .33881 / .28228 / .37891). EV: b 2.9 on 103 +9.9 %, a 3.2 on 101 +8.4 %, b 3.6 on 102 +1.6 %.
    const { watch, feed, tick, posted } = setup(2);
    watch.set('page', { config: CONFIG, watch: { ev: { minPercent: 0.1, books: null, live: 'all', maxPrice: null }, arbitrage: null } });
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    tick();
    const evOf = () => (posted[posted.length - 1]?.finds.ev ?? []).map((r) => [r.bookmaker, r.outcomeId, Math.round(r.ev * 1000) / 10]);
    expect(evOf()).toEqual([['b', 103, 9.9], ['a', 101, 8.4]]);
    watch.set('page', { config: CONFIG, watch: { ev: { minPercent: 0.1, books: ['a'], live: 'all', maxPrice: null }, arbitrage: null } });
    tick();
    expect(evOf()).toEqual([['a', 101, 8.4]]);
    // Prices up to 3.0 only: a's 3.2 is left out.
    watch.set('page', { config: CONFIG, watch: { ev: { minPercent: 0.1, books: null, live: 'all', maxPrice: 3 }, arbitrage: null } });
    tick();
    expect(evOf()).toEqual([['b', 103, 9.9]]);
    // Pre-game rules only: this fixture is in play.
    watch.set('page', { config: CONFIG, watch: { ev: { minPercent: 0.1, books: null, live: 'pregame', maxPrice: null }, arbitrage: null } });
    tick();
    expect(evOf()).toEqual([]);
  });

  it('serves every page of a config, stops a page on null, and sends the rows again when a page changes its thresholds', () => {
    const { watch, feed, tick, posted } = setup();
    watch.set('one', ARB_ONLY(0.5));
    watch.set('two', ARB_ONLY(0.5));
    feed([{ op: 'update', frame: oddsFrame(PRICES) }]);
    tick();
    expect(posted.map((p) => [p.port, p.finds.arb.length])).toEqual([['one', 1], ['two', 1]]);
    watch.set('two', null);
    expect(watch.watching).toBe(1);
    watch.set('one', ARB_ONLY(7));
    tick();
    expect(posted.slice(2).map((p) => [p.port, p.finds.arb.length])).toEqual([['one', 0]]);
  });
});
