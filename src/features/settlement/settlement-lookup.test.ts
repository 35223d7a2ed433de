import { describe, expect, it } from 'vitest';
import type { HistoricalOddsEntry, SettledSelection } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { fixtureView, MARKET_1X2 } from '../../book/book-test-data.ts';
import { classifySearch, domainGrade, gradeFromFinalScore, namesMatch, parseLookup, priceAt, ticketPayout, type LookupLeg } from './settlement-lookup.ts';

const F = 'id1000001761301227';

describe('parseLookup', () => {
  it('reads an oddsId with its bookmaker', () => {
    const result = parseLookup(`${F}:bet365:101:0`);
    expect(result.ok && result.legs[0]?.bookmaker).toBe('bet365');
  });

  it('reads a selection key without a bookmaker', () => {
    const result = parseLookup(`${F}:101:0`);
    expect(result.ok && result.legs[0]).toMatchObject({ selectionKey: `${F}:101:0`, bookmaker: null, oddsId: null });
  });

  it('reads every leg of a parlayId', () => {
    const result = parseLookup(`${F}:a:101:0,${F}:a:1011:0`);
    expect(result.ok && result.legs.length).toBe(2);
  });

  it('names the bad id and what is wrong with it', () => {
    const result = parseLookup(`${F}:bet365:101:0 ${F}:bet365:1101:0`);
    expect(result.ok ? [] : result.errors).toEqual([expect.stringContaining('1101')]);
  });

  it('says what an id with the wrong number of parts should look like', () => {
    const result = parseLookup('nonsense');
    expect(result.ok ? '' : result.errors[0]).toMatch(/neither an oddsId .* nor a selection key/u);
  });
});

const entry = (changedAt: number, price: number): HistoricalOddsEntry => ({
  bookmaker: 'b',
  outcomeId: 101,
  playerId: 0,
  marketId: 101,
  price,
  active: true,
  marketActive: true,
  limit: null,
  changedAt,
});

describe('priceAt', () => {
  const entries = [entry(10, 2), entry(20, 2.1), entry(30, 2.2), entry(40, 2.3)];

  it('takes the last price recorded at or before the moment', () => {
    expect(priceAt(entries, 25).inForce?.price).toBe(2.1);
  });

  it('counts a price recorded exactly at the moment as in force', () => {
    expect(priceAt(entries, 30).inForce?.price).toBe(2.2);
  });

  it('has no price before the first record', () => {
    expect(priceAt(entries, 5).inForce).toBeNull();
  });

  it('shows the records either side of the moment', () => {
    expect(priceAt(entries, 25, 1).window.map((e) => e.changedAt)).toEqual([10, 20, 30]);
  });
});

describe('ticketPayout', () => {
  it('counts a void leg at 1', () => {
    const result = ticketPayout([{ grade: 'won', price: 2 }, { grade: 'void', price: null }], 10, 'GBP');
    expect(result.ok && result.ticket.payout).toBe(20);
  });

  it('pays a half-won leg at (1 + price) / 2', () => {
    const result = ticketPayout([{ grade: 'half-won', price: 3 }, { grade: 'won', price: 2 }], 10, 'GBP');
    expect(result.ok && result.ticket.payout).toBe(40);
  });

  it('asks for the price of a won leg it does not know', () => {
    const result = ticketPayout([{ grade: 'won', price: null }], 10, 'GBP');
    expect(result.ok ? '' : result.reason).toMatch(/enter the price taken/u);
  });

  it('refuses a stake of 0 in words', () => {
    const result = ticketPayout([{ grade: 'won', price: 2 }], 0, 'GBP');
    expect(result.ok ? '' : result.reason).toBe('The stake must be more than 0, got 0.');
  });

  it('pays nothing when a leg lost, whatever the prices', () => {
    const result = ticketPayout([{ grade: 'lost', price: null }, { grade: 'won', price: 5 }], 10, 'GBP');
    expect(result.ok && result.ticket.payout).toBe(0);
  });
});

describe('domainGrade', () => {
  const totals: Market = {
    marketId: 1010,
    marketLength: 2,
    sportId: 10,
    playerProp: false,
    handicap: 2.25,
    period: 'result',
    marketType: 'totals',
    marketName: 'Total',
    marketNameShort: 'O/U',
    outcomes: [
      { outcomeId: 1011, outcomeName: 'Over' },
      { outcomeId: 1012, outcomeName: 'Under' },
    ],
  };
  const selection = (score: SettledSelection['score']): SettledSelection => ({
    selectionKey: `${F}:1011:0`,
    marketId: 1010,
    outcomeId: 1011,
    playerId: 0,
    grade: 'half-lost',
    rule: '',
    score,
    settledAt: 1,
  });

  it('grades a quarter line on the score the service used', () => {
    const result = domainGrade(totals, selection({ participant1Score: 1, participant2Score: 1 }));
    expect(result.ok && result.result.grade).toBe('half-lost');
  });

  it('does not grade a void selection', () => {
    expect(domainGrade(totals, selection(null)).ok).toBe(false);
  });
});

describe('classifySearch', () => {
  it('reads a team name, a fixtureId, oddsIds and a shared slip URL', () => {
    expect(classifySearch('  Luton  ')).toEqual({ kind: 'team', name: 'Luton' });
    expect(classifySearch('Real Bilbao')).toEqual({ kind: 'team', name: 'Real Bilbao' });
    expect(classifySearch(F)).toEqual({ kind: 'fixture', fixtureId: F });
    const legs = classifySearch(`${F}:bet365:101:0, ${F}:bet365:1011:0`);
    expect(legs.kind === 'legs' ? legs.legs.map((l) => l.oddsId) : []).toEqual([`${F}:bet365:101:0`, `${F}:bet365:1011:0`]);
    const slip = classifySearch(`http://127.0.0.1:4100/parlay?slip=${encodeURIComponent(`${F}:a:101:0,${F}:a:1011:0`)}`);
    expect(slip.kind === 'legs' ? slip.legs.length : 0).toBe(2);
  });

  it('says what is wrong with an empty box, one letter, or a bad id', () => {
    expect(classifySearch(' ')).toMatchObject({ kind: 'invalid', errors: [expect.stringContaining('team name')] });
    expect(classifySearch('L')).toMatchObject({ kind: 'invalid', errors: ['Type at least 2 letters of a team name.'] });
    expect(classifySearch(`${F}:bet365:1101:0`)).toMatchObject({ kind: 'invalid', errors: [expect.stringContaining('1101')] });
    expect(classifySearch('/parlay?slip=')).toMatchObject({ kind: 'invalid', errors: ['That slip URL holds no legs.'] });
  });
});

describe('namesMatch', () => {
  it('matches every typed word in a name, ignoring case and accents', () => {
    expect(namesMatch('atletico', ['Atlético Oviedo'])).toBe(true);
    expect(namesMatch('oviedo ATL', ['Atlético Oviedo'])).toBe(true);
    expect(namesMatch('luton', ['Atlético Oviedo', null])).toBe(false);
  });
});

describe('gradeFromFinalScore', () => {
  const legsOf = (text: string): readonly LookupLeg[] => {
    const parsed = parseLookup(text);
    if (!parsed.ok) throw new Error(parsed.errors.join(' '));
    return parsed.legs;
  };
  const markets = new Map(MARKET_1X2.outcomes.map((o) => [o.outcomeId, MARKET_1X2] as const));
  const finished = (home: number, away: number) => ({
    ...fixtureView(F, 2),
    trueEndTime: '2026-01-01T12:00:00.000Z',
    scores: { result: { period: 'result', participant1Score: home, participant2Score: away, updatedAt: '2026-01-01T12:00:00.000Z' } },
  });

  it('grades each leg of a finished fixture on its final score: 2-1 wins the home leg and loses the draw', () => {
    const graded = gradeFromFinalScore(finished(2, 1), legsOf(`${F}:b:101:0 ${F}:b:102:0`), markets);
    expect(graded?.selections.map((s) => [s.selectionKey, s.grade])).toEqual([
      [`${F}:101:0`, 'won'],
      [`${F}:102:0`, 'lost'],
    ]);
    expect(graded?.selections[0]?.score).toEqual({ participant1Score: 2, participant2Score: 1 });
    expect(graded?.settledAt).toBeNull();
  });

  it('voids every leg of a cancelled fixture', () => {
    const graded = gradeFromFinalScore(fixtureView(F, 3), legsOf(`${F}:b:103:0`), markets);
    expect(graded?.selections.map((s) => s.grade)).toEqual(['void']);
  });

  it('grades nothing while the fixture is not finished', () => {
    expect(gradeFromFinalScore(fixtureView(F, 1), legsOf(`${F}:b:101:0`), markets)).toBeNull();
  });

  it('leaves ungraded a leg whose market is unknown or whose period has no score row', () => {
    const noResultRow = { ...finished(1, 1), scores: { p1: { period: 'p1', participant1Score: 1, participant2Score: 1, updatedAt: '2026-01-01T12:00:00.000Z' } } };
    expect(gradeFromFinalScore(noResultRow, legsOf(`${F}:b:101:0`), markets)?.selections).toEqual([]);
    expect(gradeFromFinalScore(finished(1, 1), legsOf(`${F}:b:104:0`), markets)?.selections).toEqual([]);
  });
});
