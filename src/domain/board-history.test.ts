import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { HistoricalOddsEntry } from '../wire/rest-schemas.ts';
import { boardStateAt, everRecorded, indexBoardHistory, nextChange, parseBoardMoment, previousChange, type HistoricalOdds } from './board-history.ts';

const F = 'sr10000001x1';

function row(bookmaker: string, outcomeId: number, price: number, changedAt: number, active = true, marketActive = true): HistoricalOddsEntry {
  return { bookmaker, outcomeId, playerId: 0, marketId: 101, price, active, marketActive, changedAt };
}

/** Rows of one oddsId, keyed by changedAt as the endpoint keys them (in the order given). */
function rows(...list: HistoricalOddsEntry[]): Record<string, HistoricalOddsEntry> {
  return Object.fromEntries(list.map((r) => [String(r.changedAt), r]));
}

const A = `${F}:bet365:101:0`;
const B = `${F}:bet365:102:0`;
const C = `${F}:pinnacle:101:0`;

const odds: HistoricalOdds = {
  bet365: {
    // Keys out of order on purpose: the endpoint's key order promises nothing.
    [A]: rows(row('bet365', 101, 2.2, 300), row('bet365', 101, 2.0, 100), row('bet365', 101, 2.1, 200, false, false)),
    [B]: rows(row('bet365', 102, 3.5, 250)),
  },
  pinnacle: { [C]: rows(row('pinnacle', 101, 2.05, 150)) },
};
const history = indexBoardHistory(F, odds);

describe('boardStateAt', () => {
  it('gives each oddsId the last row recorded at or before the moment', () => {
    const state = boardStateAt(history, 250);
    expect(state.bet365?.[A]).toMatchObject({ price: 2.1, active: false, marketActive: false, changedAt: 200 });
    expect(state.bet365?.[B]).toMatchObject({ price: 3.5, active: true, changedAt: 250 });
    expect(state.pinnacle?.[C]).toMatchObject({ price: 2.05, changedAt: 150 });
  });

  it('counts a row recorded exactly at the moment as in force', () => {
    expect(boardStateAt(history, 300).bet365?.[A]?.price).toBe(2.2);
    expect(boardStateAt(history, 299).bet365?.[A]?.price).toBe(2.1);
  });

  it('leaves out a price first recorded after the moment', () => {
    const state = boardStateAt(history, 120);
    expect(Object.keys(state.bet365 ?? {})).toEqual([A]);
    expect(state.pinnacle).toBeUndefined();
    expect(boardStateAt(history, 99)).toEqual({});
  });

  it('marks no entry as a main line (history does not record it) and keeps the American price', () => {
    const entry = boardStateAt(history, 400).bet365?.[B];
    expect(entry?.mainLine).toBe(false);
    expect(entry?.priceAmerican).toBe(250);
  });

  it('hands back the same entry object while its row is the same', () => {
    expect(boardStateAt(history, 260).pinnacle?.[C]).toBe(boardStateAt(history, 290).pinnacle?.[C]);
  });
});

describe('everRecorded', () => {
  it('holds every oddsId ever recorded with its latest row', () => {
    const all = everRecorded(history);
    expect(all.bet365?.[A]?.price).toBe(2.2);
    expect(Object.keys(all.bet365 ?? {}).sort()).toEqual([A, B]);
    expect(Object.keys(all.pinnacle ?? {})).toEqual([C]);
  });
});

describe('previousChange and nextChange', () => {
  it('step to the neighbouring change of any price on the board', () => {
    expect(history.changeTimes).toEqual([100, 150, 200, 250, 300]);
    expect(history.span).toEqual({ from: 100, to: 300 });
    expect(previousChange(history, 250)).toBe(200);
    expect(nextChange(history, 250)).toBe(300);
    // From between two changes, back past the one in force: the board shown changes.
    expect(previousChange(history, 260)).toBe(200);
    expect(nextChange(history, 120)).toBe(150);
  });

  it('say null past either end', () => {
    expect(previousChange(history, 100)).toBeNull();
    expect(previousChange(history, 140)).toBeNull();
    expect(nextChange(history, 300)).toBeNull();
  });

  it('have no span and no steps without rows', () => {
    const empty = indexBoardHistory(F, {});
    expect(empty.span).toBeNull();
    expect(nextChange(empty, 0)).toBeNull();
    expect(boardStateAt(empty, 10)).toEqual({});
  });
});

describe('parseBoardMoment', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');

  it('reads an ISO time with its zone', () => {
    expect(parseBoardMoment('2026-05-01T11:03:12.345Z', now)).toEqual({ ok: true, atMs: Date.parse('2026-05-01T11:03:12.345Z') });
    expect(parseBoardMoment('2026-05-01T12:03:12+01:00', now)).toEqual({ ok: true, atMs: Date.parse('2026-05-01T11:03:12Z') });
  });

  it('refuses a time without a zone, or not a time, quoting the value', () => {
    for (const text of ['2026-05-01T11:03:12', 'yesterday', '1746097392000', '2026-02-30T10:00:00Z', '']) {
      const moment = parseBoardMoment(text, now);
      expect(moment).toMatchObject({ ok: false, reason: 'invalid' });
      if (!moment.ok) expect(moment.message).toContain(`at=${text} is not an ISO 8601 time`);
    }
  });

  it('says a moment after now is in the future', () => {
    expect(parseBoardMoment('2026-05-01T12:00:01Z', now)).toEqual({
      ok: false,
      reason: 'future',
      message: 'at=2026-05-01T12:00:01Z is in the future: the board has a past only up to now.',
    });
  });
});

describe('properties', () => {
  // A history: per oddsId a few rows at distinct times, as the endpoint keys them.
  const historyArb = fc
    .array(
      fc.record({
        bookmaker: fc.constantFrom('bet365', 'pinnacle', 'unibet'),
        outcomeId: fc.integer({ min: 101, max: 104 }),
        times: fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 8 }),
        active: fc.boolean(),
      }),
      { maxLength: 12 },
    )
    .map((specs) => {
      const out: Record<string, Record<string, Record<string, HistoricalOddsEntry>>> = {};
      for (const s of specs) {
        const oddsId = `${F}:${s.bookmaker}:${String(s.outcomeId)}:0`;
        const byTime = ((out[s.bookmaker] ??= {})[oddsId] ??= {});
        for (const t of s.times) byTime[String(t)] = row(s.bookmaker, s.outcomeId, 1.01 + t / 100, t, s.active || t % 2 === 0);
      }
      return out;
    });

  it('the entry in force is the row with the greatest changedAt not after the moment (a linear scan agrees)', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: -10, max: 1010 }), (recorded, at) => {
        const state = boardStateAt(indexBoardHistory(F, recorded), at);
        for (const [bookmaker, byOddsId] of Object.entries(recorded)) {
          for (const [oddsId, byTime] of Object.entries(byOddsId)) {
            let expected: HistoricalOddsEntry | undefined;
            for (const r of Object.values(byTime)) if (r.changedAt <= at && (expected === undefined || r.changedAt > expected.changedAt)) expected = r;
            const got = state[bookmaker]?.[oddsId];
            if (expected === undefined) expect(got).toBeUndefined();
            else expect(got).toMatchObject({ price: expected.price, active: expected.active, changedAt: expected.changedAt });
          }
        }
      }),
    );
  });

  it('stepping next from before the first change, or back from the last, visits every change time once, in order', () => {
    fc.assert(
      fc.property(historyArb, (recorded) => {
        const h = indexBoardHistory(F, recorded);
        const forward: number[] = [];
        for (let t = nextChange(h, -1); t !== null; t = nextChange(h, t)) forward.push(t);
        const distinct = [...new Set(Object.values(recorded).flatMap((b) => Object.values(b).flatMap((r) => Object.keys(r).map(Number))))].sort((a, b) => a - b);
        expect(forward).toEqual(distinct);
        const backward: number[] = [];
        for (let t = h.span?.to ?? null; t !== null; t = previousChange(h, t)) backward.push(t);
        expect(backward).toEqual([...distinct].reverse());
      }),
    );
  });

  it('the board does not change between two neighbouring change times', () => {
    fc.assert(
      fc.property(historyArb, fc.integer({ min: 0, max: 1000 }), (recorded, at) => {
        const h = indexBoardHistory(F, recorded);
        const next = nextChange(h, at);
        if (next === null || next - 1 <= at) return;
        expect(boardStateAt(h, next - 1)).toEqual(boardStateAt(h, at));
      }),
    );
  });
});
