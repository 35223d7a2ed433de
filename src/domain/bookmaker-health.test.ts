import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookmakerFixtureMeta } from '../wire/shared-schemas.ts';
import { bookmakerHealth, deliveryModeOf, fixtureBookmakersHealth, freshnessBound, isStaleOnEvidence, parseIsoTimestamp } from './bookmaker-health.ts';
import type { FreshnessBounds } from './bookmaker-health.ts';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);

const meta = (overrides: Partial<BookmakerFixtureMeta> = {}): BookmakerFixtureMeta => ({
  bookmaker: 'pinnacle',
  bookmakerFixtureId: '123',
  fixturePath: null,
  hasOdds: true,
  staleOdds: false,
  staleOddsResponseCode: null,
  suspended: false,
  participantsRotated: false,
  meta: null,
  updatedAt: '2026-11-22T11:59:58Z',
  ...overrides,
});

// pinnacle's bounds: live 3 s, pre-game 60 s, pre-game main 30 s.
const PINNACLE: FreshnessBounds = { maxDelayLiveInSec: 3, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 };

describe('parseIsoTimestamp', () => {
  it('reads Z, offsets and fractions', () => {
    expect(parseIsoTimestamp('2026-11-22T12:00:00Z')).toBe(NOW);
    expect(parseIsoTimestamp('2026-11-22T12:00:00.123456Z')).toBe(NOW + 123);
    expect(parseIsoTimestamp('2026-11-22T13:30:00+01:30')).toBe(NOW);
    expect(parseIsoTimestamp('2026-11-22T10:00:00-0200')).toBe(NOW);
    expect(parseIsoTimestamp('2026-11-22 12:00Z')).toBe(NOW);
  });

  it('reads a timestamp without offset as UTC, not local time', () => {
    expect(parseIsoTimestamp('2026-11-22T12:00:00')).toBe(NOW);
    expect(parseIsoTimestamp('2026-11-22')).toBe(Date.UTC(2026, 10, 22));
  });

  it('keeps a year below 100 as written', () => {
    expect(parseIsoTimestamp('0099-01-01T00:00:00Z')).toBe(-59042995200000);
  });

  it('returns null for an impossible date or time, or no ISO text', () => {
    for (const text of ['2026-13-01T00:00:00Z', '2026-04-31', '2026-02-29', '2026-11-22T24:00:00Z', '2026-11-22T12:60Z', '2026-11-22T12:00:60Z', '2026-11-22T12:00+24:00', 'yesterday']) {
      expect(parseIsoTimestamp(text), text).toBeNull();
    }
    expect(parseIsoTimestamp('2024-02-29')).toBe(Date.UTC(2024, 1, 29));
  });

  it('agrees with Date.parse on every Z timestamp Date can print', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(parseIsoTimestamp(new Date(ms).toISOString())).toBe(ms);
      }),
    );
  });
});

describe('freshnessBound and deliveryModeOf', () => {
  it('picks the bound of the delivery mode', () => {
    expect(freshnessBound(PINNACLE, 'live')).toBe(3);
    expect(freshnessBound(PINNACLE, 'pregame')).toBe(60);
    expect(freshnessBound(PINNACLE, 'pregameMain')).toBe(30);
  });

  it('falls back to the pre-game bound for main lines, and has none in play without live delivery', () => {
    const kalshi = { maxDelayLiveInSec: null, maxDelayPregameInSec: 180, maxDelayPregameMainInSec: null };
    expect(freshnessBound(kalshi, 'pregameMain')).toBe(180);
    expect(freshnessBound(kalshi, 'live')).toBeNull();
  });

  it('rejects an unknown mode from an untyped caller', () => {
    expect(() => freshnessBound(PINNACLE, 'later' as never)).toThrow(/unknown delivery mode later/);
  });

  it('chooses live in play, else main or full pre-game', () => {
    expect(deliveryModeOf(true, true)).toBe('live');
    expect(deliveryModeOf(false, true)).toBe('pregameMain');
    expect(deliveryModeOf(false)).toBe('pregame');
  });
});

describe('bookmakerHealth', () => {
  it('is healthy with a fresh meta and no flags', () => {
    const health = bookmakerHealth(meta(), PINNACLE, 'live', NOW);
    expect(health).toMatchObject({ suspended: false, stale: false, participantsRotated: false, ageMs: 2000, boundSec: 3, reasons: [] });
  });

  it('is overdue once updatedAt is older than the live bound, not at it', () => {
    expect(bookmakerHealth(meta({ updatedAt: '2026-11-22T11:59:57Z' }), PINNACLE, 'live', NOW).stale).toBe(false);
    const late = bookmakerHealth(meta({ updatedAt: '2026-11-22T11:59:56.999Z' }), PINNACLE, 'live', NOW);
    expect(late.stale).toBe(true);
    expect(late.reasons).toEqual([{ code: 'updatedAtOverdue', ageMs: 3001, boundSec: 3, mode: 'live' }]);
  });

  it('judges a pre-game fixture by the pre-game bound', () => {
    const meta40s = meta({ updatedAt: '2026-11-22T11:59:20Z' });
    expect(bookmakerHealth(meta40s, PINNACLE, 'pregame', NOW).stale).toBe(false);
    expect(bookmakerHealth(meta40s, PINNACLE, 'pregameMain', NOW).stale).toBe(true);
  });

  it('makes no age check without bounds, or with no bound for the mode', () => {
    const old = meta({ updatedAt: '2026-01-01T00:00:00Z' });
    expect(bookmakerHealth(old, undefined, 'live', NOW).reasons).toEqual([]);
    expect(bookmakerHealth(old, { ...PINNACLE, maxDelayLiveInSec: null }, 'live', NOW).boundSec).toBeNull();
  });

  it('reports staleOdds with its response code, and suspension', () => {
    const health = bookmakerHealth(meta({ staleOdds: true, staleOddsResponseCode: 503, suspended: true }), PINNACLE, 'live', NOW);
    expect(health.suspended).toBe(true);
    expect(health.stale).toBe(true);
    expect(health.reasons).toEqual([{ code: 'suspended' }, { code: 'staleOdds', responseCode: 503 }]);
  });

  it('reports rotated participants without calling the book stale', () => {
    const health = bookmakerHealth(meta({ participantsRotated: true }), PINNACLE, 'live', NOW);
    expect(health.reasons).toEqual([{ code: 'participantsRotated' }]);
    expect(health.stale).toBe(false);
    expect(health.participantsRotated).toBe(true);
  });

  // Issue 13 item 12: an unreadable time is a lack of data, not evidence of staleness.
  it('reports an updatedAt that is not a real instant without calling the book stale', () => {
    const health = bookmakerHealth(meta({ updatedAt: '2026-02-30T00:00:00Z' }), PINNACLE, 'live', NOW);
    expect(health.reasons).toEqual([{ code: 'updatedAtUnreadable', updatedAt: '2026-02-30T00:00:00Z' }]);
    expect(health.stale).toBe(false);
    expect(health.ageMs).toBeNull();
  });

  it('judges a book with an unreadable updatedAt by its prices', () => {
    const unreadable = meta({ updatedAt: '2026-02-30T00:00:00Z' });
    expect(bookmakerHealth(unreadable, PINNACLE, 'live', NOW, NOW - 10_000).stale).toBe(true);
    expect(bookmakerHealth(unreadable, PINNACLE, 'live', NOW, NOW - 1_000).stale).toBe(false);
  });

  it('is not stale while its prices keep arriving, however old its meta (issue 14 item 3)', () => {
    const health = bookmakerHealth(meta({ updatedAt: '2026-11-22T11:00:00Z' }), PINNACLE, 'live', NOW, NOW - 500);
    expect(health.stale).toBe(false);
    expect(health.reasons).toEqual([]);
  });

  it('is overdue when neither its meta nor its last price is within the bound, aged by the later', () => {
    const health = bookmakerHealth(meta({ updatedAt: '2026-11-22T11:00:00Z' }), PINNACLE, 'live', NOW, NOW - 4_000);
    expect(health.stale).toBe(true);
    expect(health.reasons).toEqual([{ code: 'updatedAtOverdue', ageMs: 4_000, boundSec: 3, mode: 'live' }]);
  });

  it('lists every reason in a fixed order', () => {
    const all = bookmakerHealth(
      meta({ suspended: true, staleOdds: true, participantsRotated: true, updatedAt: '2026-11-22T11:00:00Z' }),
      PINNACLE,
      'pregame',
      NOW,
    );
    expect(all.reasons.map((r) => r.code)).toEqual(['suspended', 'staleOdds', 'updatedAtOverdue', 'participantsRotated']);
  });

  it('is overdue exactly when the age exceeds the bound', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000, max: 1_000_000 }), fc.integer({ min: 0, max: 600 }), (ageMs, bound) => {
        const updatedAt = new Date(NOW - ageMs).toISOString();
        const bounds = { maxDelayLiveInSec: bound, maxDelayPregameInSec: null, maxDelayPregameMainInSec: null };
        const health = bookmakerHealth(meta({ updatedAt }), bounds, 'live', NOW);
        expect(health.ageMs).toBe(ageMs);
        expect(health.stale).toBe(ageMs > bound * 1000);
      }),
    );
  });
});

describe('fixtureBookmakersHealth', () => {
  const metas = {
    pinnacle: meta(),
    bet365: meta({ bookmaker: 'bet365', updatedAt: '2026-11-22T11:50:00Z' }),
    unknown: meta({ bookmaker: 'unknown', updatedAt: '2026-11-22T00:00:00Z' }),
  };

  it('takes the bounds from the bookmaker listing', () => {
    const listing = [
      { bookmaker: 'pinnacle', ...PINNACLE },
      { bookmaker: 'bet365', maxDelayLiveInSec: 5, maxDelayPregameInSec: 300, maxDelayPregameMainInSec: 120 },
    ];
    const health = fixtureBookmakersHealth(metas, listing, 'pregame', NOW);
    expect([...health.keys()]).toEqual(['pinnacle', 'bet365', 'unknown']);
    expect(health.get('bet365')?.stale).toBe(true);
    expect(health.get('pinnacle')?.stale).toBe(false);
    expect(health.get('unknown')?.boundSec).toBeNull();
  });

  it('takes the bounds from a map too', () => {
    const health = fixtureBookmakersHealth(metas, new Map([['pinnacle', PINNACLE]]), 'live', NOW);
    expect(health.get('pinnacle')?.boundSec).toBe(3);
    expect(health.get('bet365')?.stale).toBe(false);
  });
});

describe('isStaleOnEvidence (properties)', () => {
  const time = fc.option(fc.integer({ min: 0, max: 2 * NOW }), { nil: null });
  const bound = fc.option(fc.integer({ min: 0, max: 3600 }), { nil: null });

  it('a book whose prices arrive within its bound is stale only when it says so', () => {
    fc.assert(
      fc.property(fc.boolean(), time, fc.integer({ min: 0, max: 3600 }), fc.double({ min: 0, max: 1, noNaN: true }), (staleOdds, updatedAtMs, boundSec, within) => {
        const lastChangedAtMs = NOW - Math.floor(within * boundSec * 1000);
        expect(isStaleOnEvidence({ staleOdds, updatedAtMs, lastChangedAtMs, boundSec }, NOW)).toBe(staleOdds);
      }),
    );
  });

  it('a book with no data yet (no time, or no bound) is not stale unless it says so', () => {
    fc.assert(
      fc.property(fc.boolean(), time, time, bound, (staleOdds, updatedAtMs, lastChangedAtMs, boundSec) => {
        expect(isStaleOnEvidence({ staleOdds, updatedAtMs: null, lastChangedAtMs: null, boundSec }, NOW)).toBe(staleOdds);
        expect(isStaleOnEvidence({ staleOdds, updatedAtMs, lastChangedAtMs, boundSec: null }, NOW)).toBe(staleOdds);
      }),
    );
  });

  it('a book that says staleOdds is stale whatever its times', () => {
    fc.assert(
      fc.property(time, time, bound, (updatedAtMs, lastChangedAtMs, boundSec) => {
        expect(isStaleOnEvidence({ staleOdds: true, updatedAtMs, lastChangedAtMs, boundSec }, NOW)).toBe(true);
      }),
    );
  });

  it('a book silent for longer than its bound on both counts is stale', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3600 }), fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: 1, max: 1e9 }), (boundSec, pastMeta, pastPrice) => {
        const evidence = { staleOdds: false, updatedAtMs: NOW - boundSec * 1000 - pastMeta, lastChangedAtMs: NOW - boundSec * 1000 - pastPrice, boundSec };
        expect(isStaleOnEvidence(evidence, NOW)).toBe(true);
      }),
    );
  });
});
