import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FRACTIONAL_LADDER,
  ODDS_FORMATS,
  OddsFormatError,
  americanToDecimal,
  decimalToAmerican,
  decimalToFractionalExact,
  decimalToFractionalLadder,
  formatPrice,
  impliedProbability,
} from './odds-format.ts';
import type { OddsFormat } from './odds-format.ts';

const INVALID_DECIMALS = [0.99, 0, -2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];

describe('decimalToAmerican', () => {
  it('gives +100·(d − 1) for prices of 2 and longer', () => {
    expect(decimalToAmerican(2.5)).toBe(150);
    expect(decimalToAmerican(2)).toBe(100);
    expect(decimalToAmerican(11)).toBe(1000);
  });

  it('gives −100/(d − 1) for odds-on prices', () => {
    expect(decimalToAmerican(1.5)).toBe(-200);
    expect(decimalToAmerican(1.8)).toBe(-125);
    // −100/0.91 = −109.89…
    expect(decimalToAmerican(1.91)).toBe(-110);
    // −100/0.909 = −110.011…
    expect(decimalToAmerican(1.909)).toBe(-110);
  });

  it('rounds a half away from zero on the decimal value, not the float below it', () => {
    // 100·1.345 = 134.5 (the float is 134.50000000000003).
    expect(decimalToAmerican(2.345)).toBe(135);
    // −100/0.32 = −312.5 (the float is −312.49999999999994).
    expect(decimalToAmerican(1.32)).toBe(-313);
  });

  it('returns null at exactly 1, where American odds are undefined', () => {
    expect(decimalToAmerican(1)).toBeNull();
  });

  it('rejects prices below 1 and non-finite values', () => {
    for (const d of INVALID_DECIMALS) expect(() => decimalToAmerican(d)).toThrow(OddsFormatError);
  });
});

describe('americanToDecimal', () => {
  it('gives 1 + a/100 for positive odds', () => {
    expect(americanToDecimal(150)).toBe(2.5);
    expect(americanToDecimal(100)).toBe(2);
  });

  it('gives 1 + 100/|a| for negative odds', () => {
    expect(americanToDecimal(-200)).toBe(1.5);
    expect(americanToDecimal(-110)).toBeCloseTo(1 + 10 / 11, 15);
  });

  it('treats −100 as evens, like +100', () => {
    expect(americanToDecimal(-100)).toBe(2);
  });

  it('rejects odds strictly between −100 and +100', () => {
    for (const a of [0, 99, -99, 50]) {
      expect(() => americanToDecimal(a)).toThrow(/≥ \+100 or ≤ −100/);
    }
  });

  it('rejects non-integer and non-finite odds', () => {
    for (const a of [150.5, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => americanToDecimal(a)).toThrow(OddsFormatError);
    }
  });

  it('round-trips American → decimal → American exactly for every integer 100 ≤ |a| ≤ 100000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100000 }), fc.boolean(), (magnitude, negative) => {
        const american = negative ? -magnitude : magnitude;
        // −100 and +100 are the same price; +100 is the canonical form.
        const expected = american === -100 ? 100 : american;
        expect(decimalToAmerican(americanToDecimal(american))).toBe(expected);
      }),
      { numRuns: 5000 },
    );
  });

  it('round-trips the extremes of the range exactly', () => {
    for (const a of [100, 101, -101, 99999, -99999, 100000, -100000]) {
      expect(decimalToAmerican(americanToDecimal(a))).toBe(a);
    }
  });

  it('round-trips every one of the integers 100 ≤ |a| ≤ 100000, checked exhaustively', () => {
    const failures: number[] = [];
    for (let magnitude = 101; magnitude <= 100000; magnitude += 1) {
      for (const american of [magnitude, -magnitude]) {
        if (decimalToAmerican(americanToDecimal(american)) !== american) failures.push(american);
      }
    }
    expect(failures).toEqual([]);
  });

  it('round-trips decimal → American → decimal within 0.01 for d in [1.01, 1000]', () => {
    // American is an integer, so the long side loses at most 0.5/100 = 0.005 and the odds-on
    // side at most 0.005·(d − 1)²/(1 − 0.005·(d − 1)) < 0.00503; 0.01 holds with room.
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 1000, noNaN: true }), (decimal) => {
        const american = decimalToAmerican(decimal);
        expect(american).not.toBeNull();
        const back = americanToDecimal(american ?? Number.NaN);
        expect(Math.abs(back - decimal)).toBeLessThanOrEqual(0.01);
        expect(Math.abs(back - decimal)).toBeLessThanOrEqual(0.00503);
      }),
      { numRuns: 5000 },
    );
  });
});

describe('impliedProbability', () => {
  it('is the reciprocal of the decimal price', () => {
    expect(impliedProbability(2)).toBe(0.5);
    expect(impliedProbability(1.25)).toBe(0.8);
    expect(impliedProbability(1)).toBe(1);
  });

  it('rejects prices below 1 and non-finite values', () => {
    for (const d of INVALID_DECIMALS) expect(() => impliedProbability(d)).toThrow(OddsFormatError);
  });
});

describe('decimalToFractionalExact', () => {
  it('gives the reduced fraction of d − 1', () => {
    expect(decimalToFractionalExact(2.5)).toBe('3/2');
    expect(decimalToFractionalExact(1.91)).toBe('91/100');
    expect(decimalToFractionalExact(3.25)).toBe('9/4');
    expect(decimalToFractionalExact(1.333)).toBe('333/1000');
    expect(decimalToFractionalExact(1001)).toBe('1000/1');
  });

  it('gives 1/1 for evens and 0/1 for a price of 1', () => {
    expect(decimalToFractionalExact(2)).toBe('1/1');
    expect(decimalToFractionalExact(1)).toBe('0/1');
  });

  it('reads the price as its shortest decimal string, not the binary float', () => {
    // The float nearest 1.1 is 1.100000000000000088817841970012523…
    expect(decimalToFractionalExact(1.1)).toBe('1/10');
    expect(decimalToFractionalExact(1.0000001)).toBe('1/10000000');
  });

  it('handles prices that JS prints in exponent notation', () => {
    expect(decimalToFractionalExact(1.5e21)).toBe('1499999999999999999999/1');
  });

  it('rejects prices below 1 and non-finite values', () => {
    for (const d of INVALID_DECIMALS) {
      expect(() => decimalToFractionalExact(d)).toThrow(OddsFormatError);
    }
  });

  it('gives a fraction whose value plus one prints as the original price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100000 }), (cents) => {
        const decimal = cents / 100;
        const [numerator = '', denominator = ''] = decimalToFractionalExact(decimal).split('/');
        expect(1 + Number(numerator) / Number(denominator)).toBeCloseTo(decimal, 12);
      }),
    );
  });
});

/**
 * The conventional UK bookmaker ladder, written out by hand (checked against the odds tables of
 * olbg.com and allbets.tv, which list 3/10 between 2/7 and 1/3, 21/20 after evens and 85/40
 * between 2/1 and 9/4; their later fifths such as 9/5, 11/5 and 13/5 are not traditional rungs).
 * The ends beyond 1/100 and 100/1 are the dashboard's own mirror of each other.
 */
const CONVENTIONAL_LADDER = [
  '1/100', '1/80', '1/66', '1/50', '1/40', '1/33', '1/25', '1/20', '1/16', '1/14', '1/12', '1/11',
  '1/10', '1/9', '1/8', '1/7', '1/6', '1/5', '2/9', '1/4', '2/7', '3/10', '1/3', '4/11', '2/5',
  '4/9', '1/2', '8/15', '4/7', '8/13', '4/6', '8/11', '4/5', '5/6', '10/11', 'evens', '21/20',
  '11/10', '6/5', '5/4', '11/8', '6/4', '13/8', '7/4', '15/8', '2/1', '85/40', '9/4', '5/2',
  '11/4', '3/1', '10/3', '7/2', '4/1', '9/2', '5/1', '11/2', '6/1', '13/2', '7/1', '15/2', '8/1',
  '17/2', '9/1', '10/1', '11/1', '12/1', '14/1', '16/1', '18/1', '20/1', '25/1', '33/1', '40/1',
  '50/1', '66/1', '80/1', '100/1',
];
const SHORT_END = ['1/1000', '1/500', '1/250', '1/200', '1/150'];
const LONG_END = ['150/1', '200/1', '250/1', '500/1', '1000/1'];
const WHOLE_LADDER = [...SHORT_END, ...CONVENTIONAL_LADDER, ...LONG_END];

/** The decimal price of a written rung: 1 + n/d ("evens" is 2). */
function decimalOfRung(rung: string): number {
  if (rung === 'evens') return 2;
  const [numerator = '', denominator = ''] = rung.split('/');
  return 1 + Number(numerator) / Number(denominator);
}

describe('FRACTIONAL_LADDER', () => {
  it('is the conventional bookmaker ladder, with its mirrored ends', () => {
    const written = FRACTIONAL_LADDER.map(([n, d]) => (n === d ? 'evens' : `${String(n)}/${String(d)}`));
    expect(written).toEqual(WHOLE_LADDER);
  });


  it('is sorted from the shortest price to the longest without repeats', () => {
    for (let i = 1; i < FRACTIONAL_LADDER.length; i += 1) {
      const [n0, d0] = FRACTIONAL_LADDER[i - 1] ?? [0, 1];
      const [n1, d1] = FRACTIONAL_LADDER[i] ?? [0, 1];
      // n0/d0 < n1/d1 in integers.
      expect(n0 * d1).toBeLessThan(n1 * d0);
    }
  });

  it('runs from 1/1000 to 1000/1 through evens', () => {
    expect(FRACTIONAL_LADDER[0]).toEqual([1, 1000]);
    expect(FRACTIONAL_LADDER.at(-1)).toEqual([1000, 1]);
    expect(FRACTIONAL_LADDER).toContainEqual([1, 1]);
  });
});

describe('decimalToFractionalLadder', () => {
  it('picks the rung nearest in implied probability', () => {
    expect(decimalToFractionalLadder(1.44)).toBe('4/9');
    expect(decimalToFractionalLadder(1.91)).toBe('10/11');
    expect(decimalToFractionalLadder(1.909)).toBe('10/11');
    expect(decimalToFractionalLadder(4.333)).toBe('10/3');
    expect(decimalToFractionalLadder(1.0015)).toBe('1/500');
  });

  it('keeps the traditional unreduced rungs', () => {
    expect(decimalToFractionalLadder(2.5)).toBe('6/4');
    expect(decimalToFractionalLadder(1.5)).toBe('1/2');
    expect(decimalToFractionalLadder(5 / 3)).toBe('4/6');
  });

  it('renders evens as the word evens', () => {
    expect(decimalToFractionalLadder(2)).toBe('evens');
    expect(decimalToFractionalLadder(2.02)).toBe('evens');
    expect(decimalToFractionalLadder(2.03)).toBe('21/20');
  });

  it('shows 1.30 and 1.31 as 3/10, between 2/7 and 1/3', () => {
    expect(decimalToFractionalLadder(1.29)).toBe('2/7');
    expect(decimalToFractionalLadder(1.3)).toBe('3/10');
    expect(decimalToFractionalLadder(1.31)).toBe('3/10');
    expect(decimalToFractionalLadder(1.33)).toBe('1/3');
  });

  it('maps the decimal price of every conventional rung to that rung', () => {
    for (const rung of WHOLE_LADDER) {
      expect(decimalToFractionalLadder(decimalOfRung(rung)), rung).toBe(rung);
    }
  });

  it('maps the two-decimal prices books quote for the rungs to those rungs', () => {
    const quoted: readonly (readonly [number, string])[] = [
      [1.22, '2/9'], [1.29, '2/7'], [1.3, '3/10'], [1.33, '1/3'], [1.36, '4/11'], [1.44, '4/9'],
      [1.53, '8/15'], [1.57, '4/7'], [1.62, '8/13'], [1.67, '4/6'], [1.73, '8/11'], [1.83, '5/6'],
      [1.91, '10/11'], [2.05, '21/20'], [2.38, '11/8'], [2.63, '13/8'], [2.88, '15/8'],
      [3.13, '85/40'], [4.33, '10/3'],
    ];
    for (const [decimal, rung] of quoted) expect(decimalToFractionalLadder(decimal), String(decimal)).toBe(rung);
  });

  it('never shows a longer price as a shorter rung', () => {
    const rank = (decimal: number): number => WHOLE_LADDER.indexOf(decimalToFractionalLadder(decimal));
    fc.assert(
      fc.property(fc.double({ min: 1, max: 2000, noNaN: true }), fc.double({ min: 1, max: 2000, noNaN: true }), (a, b) => {
        const [shorter, longer] = a <= b ? [a, b] : [b, a];
        expect(rank(shorter)).toBeGreaterThanOrEqual(0);
        expect(rank(shorter)).toBeLessThanOrEqual(rank(longer));
      }),
      { numRuns: 2000 },
    );
  });

  it('breaks an exact tie in probability towards the longer price', () => {
    // 4.16 has probability 25/104, the midpoint of 3/1 (1/4) and 10/3 (3/13).
    expect(decimalToFractionalLadder(4.16)).toBe('10/3');
    expect(decimalToFractionalLadder(4.1599)).toBe('3/1');
    expect(decimalToFractionalLadder(4.1601)).toBe('10/3');
    // 6.24 has probability 25/156, the midpoint of 5/1 (1/6) and 11/2 (2/13).
    expect(decimalToFractionalLadder(6.24)).toBe('11/2');
  });

  it('measures nearness in probability, not in price, at the long end', () => {
    // 500/1 and 1000/1 are equidistant in probability at 501501/751 = 667.78.
    expect(decimalToFractionalLadder(667)).toBe('500/1');
    expect(decimalToFractionalLadder(668)).toBe('1000/1');
  });

  it('clamps prices beyond the ends of the ladder to the end rung', () => {
    expect(decimalToFractionalLadder(1)).toBe('1/1000');
    expect(decimalToFractionalLadder(1.0005)).toBe('1/1000');
    expect(decimalToFractionalLadder(1001)).toBe('1000/1');
    expect(decimalToFractionalLadder(5000)).toBe('1000/1');
  });

  it('never picks a rung further in probability than the best rung', () => {
    const probabilities = FRACTIONAL_LADDER.map(([n, d]) => d / (n + d));
    fc.assert(
      fc.property(fc.double({ min: 1, max: 2000, noNaN: true }), (decimal) => {
        const shown = decimalToFractionalLadder(decimal);
        const index = FRACTIONAL_LADDER.findIndex(
          ([n, d]) => (n === d ? 'evens' : `${String(n)}/${String(d)}`) === shown,
        );
        const chosen = Math.abs((probabilities[index] ?? Number.NaN) - 1 / decimal);
        const best = Math.min(...probabilities.map((p) => Math.abs(p - 1 / decimal)));
        expect(chosen).toBeLessThanOrEqual(best + 1e-15);
      }),
    );
  });

  it('rejects prices below 1 and non-finite values', () => {
    for (const d of INVALID_DECIMALS) {
      expect(() => decimalToFractionalLadder(d)).toThrow(OddsFormatError);
    }
  });
});

describe('formatPrice', () => {
  it('shows decimal prices with two decimals', () => {
    expect(formatPrice(1.9, 'decimal')).toBe('1.90');
    expect(formatPrice(2, 'decimal')).toBe('2.00');
    expect(formatPrice(1000, 'decimal')).toBe('1000.00');
  });

  it('shows a third decimal when it is not zero', () => {
    expect(formatPrice(1.444, 'decimal')).toBe('1.444');
    expect(formatPrice(1.909, 'decimal')).toBe('1.909');
  });

  it('rounds a decimal price half away from zero at the third decimal', () => {
    expect(formatPrice(1.4445, 'decimal')).toBe('1.445');
    expect(formatPrice(1.9999, 'decimal')).toBe('2.00');
    expect(formatPrice(1.9104, 'decimal')).toBe('1.91');
  });

  it('shows American odds with an explicit sign', () => {
    expect(formatPrice(2.5, 'american')).toBe('+150');
    expect(formatPrice(2, 'american')).toBe('+100');
    expect(formatPrice(1.5, 'american')).toBe('-200');
  });

  it('shows an en dash for the undefined American price at 1', () => {
    expect(formatPrice(1, 'american')).toBe('–');
  });

  it('shows fractional odds from the ladder', () => {
    expect(formatPrice(2.5, 'fractional')).toBe('6/4');
    expect(formatPrice(2, 'fractional')).toBe('evens');
  });

  it('shows the implied probability as a percentage with one decimal', () => {
    // 100/1.909 = 52.383…
    expect(formatPrice(1.909, 'implied')).toBe('52.4%');
    expect(formatPrice(2, 'implied')).toBe('50.0%');
    // 100/16 = 6.25 and 100/2000 = 0.05 round half away from zero.
    expect(formatPrice(16, 'implied')).toBe('6.3%');
    expect(formatPrice(2000, 'implied')).toBe('0.1%');
  });

  it('formats every price in every format without throwing', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1000, noNaN: true }), fc.constantFrom(...ODDS_FORMATS), (d, f) => {
        expect(formatPrice(d, f)).not.toBe('');
      }),
    );
  });

  it('rejects an invalid price', () => {
    expect(() => formatPrice(0.5, 'decimal')).toThrow(OddsFormatError);
  });

  it('rejects an unknown format', () => {
    expect(() => formatPrice(2, 'hongkong' as OddsFormat)).toThrow(/unknown odds format hongkong/);
  });
});
