import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FixturePriceChange, FuturePriceChange, SettlementRecord } from './history-store.ts';
import { HistoryStoreError } from './history-store.ts';
import {
  HISTORY_FILE_NAME,
  SqliteHistoryStore,
  defaultDataDir,
  openSqliteHistoryStore,
} from './sqlite-history-store.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const FIXTURE = 'sr10000017123456';
const OTHER_FIXTURE = 'sr10000017123457';
const FUTURE = 'sr1000001700042510001';

function fx(
  fixtureId: string,
  bookmaker: string,
  outcomeId: number,
  changedAt: number,
  price: number,
  extra: Partial<FixturePriceChange> = {},
): FixturePriceChange {
  return {
    kind: 'fixture',
    oddsId: `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`,
    fixtureId,
    bookmaker,
    outcomeId,
    playerId: 0,
    marketId: outcomeId - (outcomeId % 3),
    price,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
    ...extra,
  };
}

function fu(bookmaker: string, participantId: number, changedAt: number, price: number): FuturePriceChange {
  return {
    kind: 'future',
    oddsId: `${FUTURE}:${bookmaker}:${String(participantId)}`,
    futureId: FUTURE,
    bookmaker,
    participantId,
    playerId: 0,
    marketId: null,
    price,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
  };
}

const oddsId = (fixtureId: string, bookmaker: string, outcomeId: number): string =>
  `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`;

let dir: string;
let store: SqliteHistoryStore;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'history-store-'));
  store = openSqliteHistoryStore({ dataDir: dir });
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

function reopen(): void {
  store.close();
  store = openSqliteHistoryStore({ dataDir: dir });
}

describe('appendChanges and readHistory', () => {
  it('reads the changes of one price back in changedAt order', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1002, T0, 2.0)]);
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0 + 500, 1.85), fx(FIXTURE, 'bet365', 1001, T0 + 900, 1.8)]);
    const history = store.readHistory(oddsId(FIXTURE, 'bet365', 1001));
    expect(history.map((c) => [c.changedAt, c.price])).toEqual([
      [T0, 1.9],
      [T0 + 500, 1.85],
      [T0 + 900, 1.8],
    ]);
  });

  it('returns every field of a change as it was appended', () => {
    const change = fx(FIXTURE, 'pinnacle', 1001, T0 + 7, 2.375, {
      active: false,
      marketActive: false,
      limit: 2500,
      playerId: 0,
    });
    store.appendChanges([change]);
    expect(store.readHistory(change.oddsId)).toEqual([change]);
  });

  it('keeps a price that thousandths cannot represent exactly', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.234567)]);
    expect(store.readHistory(oddsId(FIXTURE, 'bet365', 1001))[0]?.price).toBe(1.234567);
  });

  it('orders changes of the same millisecond in append order', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1001, T0, 1.95)]);
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 2.0)]);
    expect(store.readHistory(oddsId(FIXTURE, 'bet365', 1001)).map((c) => c.price)).toEqual([1.9, 1.95, 2.0]);
  });

  it('sorts a change appended late into its place in time', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1001, T0 + 1000, 2.1)]);
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0 + 500, 2.0), fx(FIXTURE, 'bet365', 1001, T0 - 100, 1.7)]);
    expect(store.readHistory(oddsId(FIXTURE, 'bet365', 1001)).map((c) => c.price)).toEqual([1.7, 1.9, 2.0, 2.1]);
  });

  it('restricts one price history to a half-open time window and a row limit', () => {
    store.appendChanges([0, 100, 200, 300, 400].map((dt, i) => fx(FIXTURE, 'bet365', 1001, T0 + dt, 2 + i / 10)));
    const id = oddsId(FIXTURE, 'bet365', 1001);
    expect(store.readHistory(id, { from: T0 + 100, to: T0 + 300 }).map((c) => c.changedAt)).toEqual([T0 + 100, T0 + 200]);
    expect(store.readHistory(id, { from: T0 + 100, limit: 2 }).map((c) => c.changedAt)).toEqual([T0 + 100, T0 + 200]);
  });

  it('returns nothing for an oddsId never recorded', () => {
    expect(store.readHistory('nope:bet365:1:0')).toEqual([]);
  });

  it('rejects a batch with a malformed change and records none of it', () => {
    const good = fx(FIXTURE, 'bet365', 1001, T0, 1.9);
    const bad = fx(FIXTURE, 'bet365', 1002, T0, Number.NaN);
    expect(() => {
      store.appendChanges([good, bad]);
    }).toThrow(HistoryStoreError);
    expect(store.countChanges()).toBe(0);
  });

  it('rolls back a batch that reuses an oddsId of another fixture and keeps working', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
    const reused = { ...fx(OTHER_FIXTURE, 'bet365', 1001, T0, 1.9), oddsId: oddsId(FIXTURE, 'bet365', 1001) };
    expect(() => {
      store.appendChanges([fx(OTHER_FIXTURE, 'bet365', 1002, T0, 2), reused]);
    }).toThrow(/another fixture/);
    expect(store.readHistoryForFixture(OTHER_FIXTURE)).toEqual([]);
    store.appendChanges([fx(OTHER_FIXTURE, 'bet365', 1002, T0 + 1, 2.2)]);
    expect(store.readHistoryForFixture(OTHER_FIXTURE).map((c) => c.price)).toEqual([2.2]);
    expect(store.countChanges()).toBe(2);
  });
});

describe('readFirst and readLastBefore', () => {
  beforeEach(() => {
    store.appendChanges([0, 1000, 2000, 3000].map((dt, i) => fx(FIXTURE, 'bet365', 1001, T0 + dt, 1.5 + i / 10)));
  });

  it('reads the first recorded change as the opening price', () => {
    expect(store.readFirst(oddsId(FIXTURE, 'bet365', 1001))?.price).toBe(1.5);
  });

  it('reads the last change strictly before the cut-off as the closing price', () => {
    expect(store.readLastBefore(oddsId(FIXTURE, 'bet365', 1001), T0 + 2000)?.price).toBe(1.6);
    expect(store.readLastBefore(oddsId(FIXTURE, 'bet365', 1001), T0 + 2001)?.price).toBe(1.7);
  });

  it('returns null when no change precedes the cut-off', () => {
    expect(store.readLastBefore(oddsId(FIXTURE, 'bet365', 1001), T0)).toBeNull();
    expect(store.readFirst(oddsId(FIXTURE, 'bet365', 9999))).toBeNull();
  });
});

describe('readHistoryForFixture', () => {
  beforeEach(() => {
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0, 1.9),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 10, 1.95),
      fx(FIXTURE, 'bet365', 1002, T0 + 20, 2.0),
      fx(OTHER_FIXTURE, 'bet365', 1001, T0 + 15, 3.0),
    ]);
    store.appendChanges([fx(FIXTURE, 'pinnacle', 1001, T0 + 30, 1.97), fx(FIXTURE, 'bet365', 1001, T0 + 40, 1.88)]);
  });

  it('reads all prices of the fixture by changedAt and nothing of other fixtures', () => {
    const rows = store.readHistoryForFixture(FIXTURE);
    expect(rows.map((c) => [c.bookmaker, c.outcomeId, c.changedAt - T0])).toEqual([
      ['bet365', 1001, 0],
      ['pinnacle', 1001, 10],
      ['bet365', 1002, 20],
      ['pinnacle', 1001, 30],
      ['bet365', 1001, 40],
    ]);
  });

  it('filters by bookmakers', () => {
    expect(store.readHistoryForFixture(FIXTURE, { bookmakers: ['pinnacle'] }).map((c) => c.price)).toEqual([1.95, 1.97]);
  });

  it('filters by oddsIds and time window together', () => {
    const rows = store.readHistoryForFixture(FIXTURE, {
      oddsIds: [oddsId(FIXTURE, 'bet365', 1001), oddsId(OTHER_FIXTURE, 'bet365', 1001)],
      from: T0 + 1,
    });
    expect(rows.map((c) => c.price)).toEqual([1.88]);
  });

  it('returns at most `limit` rows of a fixture, the earliest first', () => {
    expect(store.readHistoryForFixture(FIXTURE, { limit: 2 }).map((c) => c.changedAt - T0)).toEqual([0, 10]);
  });

  it('matches nothing for an empty bookmaker list', () => {
    expect(store.readHistoryForFixture(FIXTURE, { bookmakers: [] })).toEqual([]);
  });

  it('returns nothing for an unknown fixture', () => {
    expect(store.readHistoryForFixture('sr10000017999999')).toEqual([]);
  });
});

describe('readHistoryPagesForFixture', () => {
  const prices = (pages: Iterable<FixturePriceChange[]>): number[][] => [...pages].map((page) => page.map((c) => c.price));

  beforeEach(() => {
    // Six changes, two in one millisecond (seq breaks the tie), one of another fixture between.
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0, 1.01),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 10, 1.02),
      fx(FIXTURE, 'bet365', 1002, T0 + 10, 1.03),
      fx(OTHER_FIXTURE, 'bet365', 1001, T0 + 15, 9.0),
      fx(FIXTURE, 'bet365', 1001, T0 + 20, 1.04),
    ]);
    store.appendChanges([fx(FIXTURE, 'pinnacle', 1001, T0 + 30, 1.05), fx(FIXTURE, 'bet365', 1002, T0 + 40, 1.06)]);
  });

  it('gives the rows of one read, in order, in pages of at most pageRows', () => {
    expect(prices(store.readHistoryPagesForFixture(FIXTURE, {}, 2))).toEqual([[1.01, 1.02], [1.03, 1.04], [1.05, 1.06]]);
    expect(prices(store.readHistoryPagesForFixture(FIXTURE, {}, 4))).toEqual([[1.01, 1.02, 1.03, 1.04], [1.05, 1.06]]);
  });

  it('applies bookmakers, oddsIds, the time window and the row limit as one read does', () => {
    expect(prices(store.readHistoryPagesForFixture(FIXTURE, { bookmakers: ['bet365'] }, 1))).toEqual([[1.01], [1.03], [1.04], [1.06]]);
    expect(prices(store.readHistoryPagesForFixture(FIXTURE, { oddsIds: [oddsId(FIXTURE, 'bet365', 1002)], from: T0 + 10, to: T0 + 40 }, 5))).toEqual([[1.03]]);
    expect(prices(store.readHistoryPagesForFixture(FIXTURE, { limit: 3 }, 2))).toEqual([[1.01, 1.02], [1.03]]);
    expect(prices(store.readHistoryPagesForFixture(FIXTURE, { bookmakers: [] }, 2))).toEqual([]);
    expect(prices(store.readHistoryPagesForFixture('sr10000017999999', {}, 2))).toEqual([]);
  });

  it('leaves out what is appended between pages, new prices included', () => {
    const pages = store.readHistoryPagesForFixture(FIXTURE, {}, 3)[Symbol.iterator]();
    const first = pages.next();
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0 + 50, 1.07), fx(FIXTURE, 'unibet', 1001, T0 + 35, 1.08)]);
    const rest = [...{ [Symbol.iterator]: () => pages }];
    expect([first.value ?? [], ...rest].flat().map((c) => c.price)).toEqual([1.01, 1.02, 1.03, 1.04, 1.05, 1.06]);
  });

  it('refuses a page size that is not a positive integer', () => {
    expect(() => [...store.readHistoryPagesForFixture(FIXTURE, {}, 0)]).toThrow(HistoryStoreError);
  });
});

describe('readOpeningAndClosing', () => {
  const settledAt = T0 + 10_000;
  beforeEach(() => {
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0, 1.9),
      fx(FIXTURE, 'bet365', 1002, T0, 2.0),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 5, 1.93),
    ]);
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0 + 4000, 1.8),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 6000, 1.91, { active: false }),
      // After settlement: must not count as closing.
      fx(FIXTURE, 'bet365', 1001, settledAt + 1, 1.01),
      // First quoted only after settlement: an opening but no closing.
      fx(FIXTURE, 'bet365', 1003, settledAt + 2, 5.0),
    ]);
  });

  it('pairs each price with its first change and its last change before the cut-off', () => {
    const pairs = store.readOpeningAndClosing(FIXTURE, settledAt);
    const summary = Object.fromEntries(
      [...pairs].map(([id, p]) => [id, [p.opening.price, p.closing?.price ?? null, p.closing?.active ?? null]]),
    );
    expect(summary).toEqual({
      [oddsId(FIXTURE, 'bet365', 1001)]: [1.9, 1.8, true],
      [oddsId(FIXTURE, 'bet365', 1002)]: [2.0, 2.0, true],
      [oddsId(FIXTURE, 'pinnacle', 1001)]: [1.93, 1.91, false],
      [oddsId(FIXTURE, 'bet365', 1003)]: [5.0, null, null],
    });
  });

  it('restricts the pairs to the requested bookmakers and oddsIds', () => {
    const byBookmaker = store.readOpeningAndClosing(FIXTURE, settledAt, { bookmakers: ['pinnacle'] });
    expect([...byBookmaker.keys()]).toEqual([oddsId(FIXTURE, 'pinnacle', 1001)]);
    const byOdds = store.readOpeningAndClosing(FIXTURE, settledAt, {
      bookmakers: ['bet365'],
      oddsIds: [oddsId(FIXTURE, 'bet365', 1002), oddsId(FIXTURE, 'pinnacle', 1001)],
    });
    expect([...byOdds.keys()]).toEqual([oddsId(FIXTURE, 'bet365', 1002)]);
  });

  it('returns an empty map for an unknown fixture', () => {
    expect(store.readOpeningAndClosing('sr10000017999999', settledAt).size).toBe(0);
  });
});

describe('futures', () => {
  beforeEach(() => {
    store.appendChanges([fu('bet365', 11, T0, 4.5), fu('bet365', 12, T0, 6.0), fu('pinnacle', 11, T0 + 1, 4.6)]);
    store.appendChanges([fu('bet365', 11, T0 + 100, 4.2), fu('bet365', 12, T0 + 200, 7.0)]);
  });

  it('reads a future price history with its future fields', () => {
    const history = store.readHistory(`${FUTURE}:bet365:11`);
    expect(history).toEqual([fu('bet365', 11, T0, 4.5), fu('bet365', 11, T0 + 100, 4.2)]);
  });

  it('reads a future history filtered to one bookmaker in changedAt order', () => {
    const rows = store.readHistoryForFuture(FUTURE, { bookmakers: ['bet365'] });
    expect(rows.map((c) => [c.participantId, c.price])).toEqual([
      [11, 4.5],
      [12, 6.0],
      [11, 4.2],
      [12, 7.0],
    ]);
  });

  it('reads opening and closing of every future price', () => {
    const pairs = store.readFutureOpeningAndClosing(FUTURE, T0 + 150);
    expect([...pairs].map(([id, p]) => [id, p.opening.price, p.closing?.price])).toEqual([
      [`${FUTURE}:bet365:11`, 4.5, 4.2],
      [`${FUTURE}:bet365:12`, 6.0, 6.0],
      [`${FUTURE}:pinnacle:11`, 4.6, 4.6],
    ]);
  });

  it('keeps futures apart from a fixture with the same id', () => {
    expect(store.readHistoryForFixture(FUTURE)).toEqual([]);
  });
});

describe('settlements', () => {
  const won: SettlementRecord = {
    fixtureId: FIXTURE,
    outcomeId: 1001,
    playerId: 0,
    marketId: 999,
    grade: 'won',
    rule: 'Over 2.5: total 3 > 2.5 → won',
    score: { participant1Score: 2, participant2Score: 1 },
    settledAt: T0 + 9000,
  };

  it('round-trips graded selections in outcome order', () => {
    const voided: SettlementRecord = { ...won, outcomeId: 1000, grade: 'void', rule: 'void: fixture cancelled', score: null };
    store.appendSettlements([won, voided]);
    expect(store.readSettlement(FIXTURE)).toEqual([voided, won]);
  });

  it('replaces the earlier grade of a regraded selection', () => {
    store.appendSettlements([won]);
    const regraded: SettlementRecord = { ...won, grade: 'lost', rule: 'corrected', settledAt: T0 + 9500 };
    store.appendSettlements([regraded]);
    expect(store.readSettlement(FIXTURE)).toEqual([regraded]);
  });

  it('rejects an unknown grade', () => {
    const bad = { ...won, grade: 'maybe' } as unknown as SettlementRecord;
    expect(() => {
      store.appendSettlements([bad]);
    }).toThrow(HistoryStoreError);
  });

  it('returns nothing for a fixture never settled', () => {
    expect(store.readSettlement(OTHER_FIXTURE)).toEqual([]);
  });
});

describe('lifecycle records and meta', () => {
  it('saves, upserts and loads fixture and future records separately', () => {
    store.saveFixtures([
      { id: FIXTURE, json: '{"v":1}', finishedAt: null },
      { id: OTHER_FIXTURE, json: '{"v":2}', finishedAt: T0 },
    ]);
    store.saveFixtures([{ id: FIXTURE, json: '{"v":3}', finishedAt: null }]);
    store.saveFutures([{ id: FUTURE, json: '{"f":1}', finishedAt: null }]);
    expect(store.loadFixtures()).toEqual([
      { id: FIXTURE, json: '{"v":3}', finishedAt: null },
      { id: OTHER_FIXTURE, json: '{"v":2}', finishedAt: T0 },
    ]);
    expect(store.loadFutures()).toEqual([{ id: FUTURE, json: '{"f":1}', finishedAt: null }]);
  });

  it('never clears a recorded finish when saved again without one', () => {
    store.saveFixtures([{ id: FIXTURE, json: '{}', finishedAt: T0 }]);
    store.saveFixtures([{ id: FIXTURE, json: '{"later":true}', finishedAt: null }]);
    expect(store.loadFixtures()).toEqual([{ id: FIXTURE, json: '{"later":true}', finishedAt: T0 }]);
  });

  it('does not list fixtures that only have history as records', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
    expect(store.loadFixtures()).toEqual([]);
  });

  it('stores meta values by key', () => {
    expect(store.getMeta('seed')).toBeNull();
    store.setMeta('seed', '42');
    store.setMeta('seed', '43');
    expect(store.getMeta('seed')).toBe('43');
    expect(store.getMeta('schemaVersion')).toBe('1');
  });

  it('refuses to overwrite the schema version through meta', () => {
    expect(() => {
      store.setMeta('schemaVersion', '9');
    }).toThrow(HistoryStoreError);
  });
});

describe('restart', () => {
  it('keeps history, settlements, records and meta across close and reopen', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fu('bet365', 11, T0, 4.5)]);
    store.appendSettlements([
      {
        fixtureId: FIXTURE,
        outcomeId: 1001,
        playerId: 0,
        marketId: 999,
        grade: 'half-won',
        rule: 'r',
        score: { participant1Score: 1, participant2Score: 0 },
        settledAt: T0 + 1,
      },
    ]);
    store.saveFixtures([{ id: FIXTURE, json: '{"s":2}', finishedAt: T0 + 1 }]);
    store.setMeta('catalogueFingerprint', 'abc');
    reopen();
    expect(store.readHistory(oddsId(FIXTURE, 'bet365', 1001)).map((c) => c.price)).toEqual([1.9]);
    expect(store.readHistory(`${FUTURE}:bet365:11`).map((c) => c.price)).toEqual([4.5]);
    expect(store.readSettlement(FIXTURE).map((s) => s.grade)).toEqual(['half-won']);
    expect(store.loadFixtures()).toEqual([{ id: FIXTURE, json: '{"s":2}', finishedAt: T0 + 1 }]);
    expect(store.getMeta('catalogueFingerprint')).toBe('abc');
  });

  it('continues appending at the same millisecond after a reopen without a key clash', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1002, T0, 2.0)]);
    reopen();
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.95), fx(FIXTURE, 'bet365', 1003, T0 + 1, 3.0)]);
    expect(store.readHistoryForFixture(FIXTURE).map((c) => c.price)).toEqual([1.9, 2.0, 1.95, 3.0]);
  });
});

describe('data directory', () => {
  it('uses DATA_DIR when set', () => {
    expect(defaultDataDir({ DATA_DIR: '/tmp/somewhere' })).toBe('/tmp/somewhere');
  });

  it('defaults to .data under the project root', () => {
    expect(defaultDataDir({})).toBe(path.resolve(import.meta.dirname, '..', '..', '.data'));
  });

  it('creates a missing data directory on first start', () => {
    const nested = path.join(dir, 'a', 'b');
    const other = openSqliteHistoryStore({ dataDir: nested });
    other.close();
    expect(existsSync(path.join(nested, HISTORY_FILE_NAME))).toBe(true);
  });
});

describe('pruneOldest', () => {
  const BOOKMAKERS = ['bet365', 'pinnacle', 'unibet', 'betfair'];
  const fixtureIds = ['sr10000017000001', 'sr10000017000002', 'sr10000017000003', 'sr10000017000004', 'sr10000017000005', 'sr10000017000006'];

  /** Interleaved changes for every fixture, as the simulator would produce them. */
  function fillFixtures(rounds: number): void {
    for (let round = 0; round < rounds; round++) {
      const batch: FixturePriceChange[] = [];
      for (const id of fixtureIds) {
        for (const bookmaker of BOOKMAKERS) {
          for (let outcome = 0; outcome < 30; outcome++) {
            batch.push(fx(id, bookmaker, 1000 + outcome, T0 + round * 1000, 1.5 + ((round * 7 + outcome) % 50) / 100));
          }
        }
      }
      store.appendChanges(batch);
    }
  }

  function fileBytes(): number {
    const file = path.join(dir, HISTORY_FILE_NAME);
    const wal = `${file}-wal`;
    return statSync(file).size + (existsSync(wal) ? statSync(wal).size : 0);
  }

  it('does nothing while the data fits under the cap', () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
    store.saveFixtures([{ id: FIXTURE, json: '{}', finishedAt: T0 }]);
    const report = store.pruneOldest({ maxBytes: 100 * 1024 * 1024 });
    expect(report.prunedFixtureIds).toEqual([]);
    expect(report.underCap).toBe(true);
    expect(store.countChanges()).toBe(1);
  });

  it('drops the oldest finished fixtures first, keeps unfinished ones, and shrinks the file under the cap', () => {
    fillFixtures(60); // 6 fixtures × 120 prices × 60 rounds = 43,200 changes
    // Fixtures 3, 1, 4 and 2 finished in that order; 5 is live and 6 upcoming.
    const finishedAt: Record<string, number | null> = {
      [fixtureIds[2] ?? '']: T0 + 61_000,
      [fixtureIds[0] ?? '']: T0 + 62_000,
      [fixtureIds[3] ?? '']: T0 + 63_000,
      [fixtureIds[1] ?? '']: T0 + 64_000,
    };
    store.saveFixtures(fixtureIds.map((id) => ({ id, json: '{}', finishedAt: finishedAt[id] ?? null })));
    reopen(); // checkpoints, so the file size is the data size
    const perFixture = fileBytes() / fixtureIds.length;
    const unfinishedBefore = fixtureIds.slice(4).map((id) => store.readHistoryForFixture(id).length);

    const maxBytes = Math.floor(perFixture * 4.5);
    const report = store.pruneOldest({ maxBytes, targetBytes: Math.floor(perFixture * 4.4) });

    expect(report.prunedFixtureIds).toEqual([fixtureIds[2], fixtureIds[0]]);
    expect(report.deletedChanges).toBe(2 * 120 * 60);
    expect(report.underCap).toBe(true);
    expect(report.bytesAfter).toBeLessThanOrEqual(maxBytes);
    expect(fileBytes()).toBeLessThanOrEqual(maxBytes);
    expect(fileBytes()).toBeLessThan(report.bytesBefore);
    expect(fixtureIds.slice(4).map((id) => store.readHistoryForFixture(id).length)).toEqual(unfinishedBefore);
    expect(store.readHistoryForFixture(fixtureIds[3] ?? '').length).toBe(120 * 60);
    expect(store.readHistoryForFixture(fixtureIds[2] ?? '')).toEqual([]);
    expect(store.loadFixtures().map((r) => r.id)).not.toContain(fixtureIds[2]);
  });

  it('never drops unfinished fixtures, even when they alone exceed the cap', () => {
    fillFixtures(20);
    store.saveFixtures([{ id: fixtureIds[0] ?? '', json: '{}', finishedAt: T0 }]);
    const report = store.pruneOldest({ maxBytes: 4096 });
    expect(report.prunedFixtureIds).toEqual([fixtureIds[0]]);
    expect(report.underCap).toBe(false);
    expect(store.readHistoryForFixture(fixtureIds[1] ?? '').length).toBe(120 * 20);
  });

  it('accepts appends to a pruned fixture id as a new fixture', () => {
    fillFixtures(5);
    store.saveFixtures([{ id: fixtureIds[0] ?? '', json: '{}', finishedAt: T0 }]);
    store.pruneOldest({ maxBytes: 4096 });
    store.appendChanges([fx(fixtureIds[0] ?? '', 'bet365', 1000, T0 + 99_000, 3.3)]);
    expect(store.readHistoryForFixture(fixtureIds[0] ?? '').map((c) => c.price)).toEqual([3.3]);
  });
});
