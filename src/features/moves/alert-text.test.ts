import { describe, expect, it } from 'vitest';
import { arbitrageCandidate, evCandidate } from '../../domain/alert-rules.ts';
import { alertBooks, alertBooksText, alertHref, alertTitle, type AlertWords } from './alert-text.ts';

const FIXTURE = 'id1000001761301227';
const NAMES: Record<string, string> = { unibet: 'Unibet', bet365: 'bet365', pinnacle: 'Pinnacle' };
const words: AlertWords = { nameOf: (slug) => NAMES[slug] ?? slug, price: (decimal) => decimal.toFixed(2), moveLabel: () => undefined };

describe('alert text', () => {
  it('names a +EV price: EV, fixture, market, selection, book, price and fair price, linked to its cell', () => {
    const candidate = evCandidate({ oddsId: `${FIXTURE}:unibet:101:0`, fixtureId: FIXTURE, fixtureName: 'Arsenal – Chelsea', marketName: 'Match result', outcomeName: 'Arsenal', bookmaker: 'unibet', price: 2.1, fairPrice: 2, ev: 0.0512, live: false });
    expect(alertTitle(candidate, words)).toBe('+EV +5.1%: Arsenal – Chelsea, Match result Arsenal');
    expect(alertBooksText(candidate, words)).toBe('At Unibet 2.10; fair 2.00.');
    expect(alertHref(candidate)).toBe(`/fixtures/${FIXTURE}?cell=${FIXTURE}%3Aunibet%3A101%3A0`);
    expect(alertBooks(candidate)).toEqual(['unibet']);
  });

  it('names an arbitrage: return, fixture, market, and each leg with its book and price', () => {
    const candidate = arbitrageCandidate({
      fixtureId: FIXTURE,
      fixtureName: 'Arsenal – Chelsea',
      marketName: 'Match result',
      profitRatio: 0.0694,
      live: false,
      legs: [
        { oddsId: `${FIXTURE}:unibet:101:0`, outcomeName: 'Arsenal', bookmaker: 'unibet', price: 3.2 },
        { oddsId: `${FIXTURE}:bet365:102:0`, outcomeName: 'Draw', bookmaker: 'bet365', price: 3.6 },
        { oddsId: `${FIXTURE}:pinnacle:103:0`, outcomeName: 'Chelsea', bookmaker: 'pinnacle', price: 2.9 },
      ],
    });
    expect(alertTitle(candidate, words)).toBe('Arbitrage +6.9%: Arsenal – Chelsea, Match result');
    expect(alertBooksText(candidate, words)).toBe('Arsenal at Unibet 3.20; Draw at bet365 3.60; Chelsea at Pinnacle 2.90.');
    expect(alertHref(candidate)).toBe(`/fixtures/${FIXTURE}?cell=${FIXTURE}%3Aunibet%3A101%3A0`);
    expect(alertBooks(candidate)).toEqual(['unibet', 'bet365', 'pinnacle']);
  });
});
