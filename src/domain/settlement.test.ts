import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Grade } from './grade.ts';
import { returnFactor } from './grade.ts';
import type { Score, SettlementMarket } from './settlement.ts';
import {
  gradeSelection,
  scoreForPeriod,
  selectionGrader,
  SettlementError,
  voidSelection,
} from './settlement.ts';

function at(participant1Score: number, participant2Score: number): Score {
  return { participant1Score, participant2Score };
}

function market(marketType: string, handicap = 0): SettlementMarket {
  return { marketType, handicap, period: 'result' };
}

function grade(
  marketType: string,
  handicap: number,
  outcomeName: string,
  participant1Score: number,
  participant2Score: number,
): Grade {
  return gradeSelection(market(marketType, handicap), outcomeName, {
    participant1Score,
    participant2Score,
  }).grade;
}

function rule(
  selectionMarket: SettlementMarket,
  outcomeName: string,
  p1: number,
  p2: number,
): string {
  return gradeSelection(selectionMarket, outcomeName, at(p1, p2)).rule;
}

const COMPLEMENT: Readonly<Record<Grade, Grade>> = {
  won: 'lost',
  lost: 'won',
  push: 'push',
  'half-won': 'half-lost',
  'half-lost': 'half-won',
  void: 'void',
};

const score = fc.nat({ max: 30 });
/** Any whole, half or quarter line from 0 to 20. */
const totalsLine = fc.integer({ min: 0, max: 80 }).map((quarters) => quarters / 4);
/** Any whole, half or quarter handicap from −10 to +10. */
const handicapLine = fc.integer({ min: -40, max: 40 }).map((quarters) => quarters / 4);
const price = fc.double({ min: 1.01, max: 1000, noNaN: true });

// Expected grades in the tables below were computed independently with python3's `fractions`
// (a quarter line split into its two neighbours, each graded by the sign of margin − line).

describe('gradeSelection: 1x2', () => {
  it.each([
    ['1', 2, 1, 'won'],
    ['X', 2, 1, 'lost'],
    ['2', 2, 1, 'lost'],
    ['1', 1, 1, 'lost'],
    ['X', 1, 1, 'won'],
    ['2', 1, 1, 'lost'],
    ['2', 0, 3, 'won'],
  ] as const)('grades %s at %i:%i as %s', (outcomeName, p1, p2, expected) => {
    expect(grade('1x2', 0, outcomeName, p1, p2)).toBe(expected);
  });

  it('says which side the score favours', () => {
    expect(rule(market('1x2'), '1', 2, 1)).toBe('1: 2:1 is a participant 1 win → won');
    expect(rule(market('1x2'), '1', 0, 3)).toBe('1: 0:3 is a participant 2 win → lost');
  });

  it('grades a sport-specific variant by the family rule', () => {
    expect(grade('1x2-sets', 0, '2', 1, 2)).toBe('won');
  });

  it('rejects an outcome name outside 1, X and 2', () => {
    expect(() => grade('1x2', 0, 'Over', 1, 0)).toThrow(SettlementError);
    expect(() => grade('1x2', 0, 'Over', 1, 0)).toThrow(/unknown outcome "Over".*1, X or 2/);
  });

  it('rejects a non-zero handicap on a lineless market', () => {
    expect(() => grade('1x2', 1, '1', 1, 0)).toThrow(/lineless: handicap must be 0, got 1/);
  });
});

describe('gradeSelection: moneyline and draw no bet', () => {
  it.each(['moneyline', 'drawnobet'])('%s grades the winner won and the loser lost', (type) => {
    expect(grade(type, 0, '1', 2, 1)).toBe('won');
    expect(grade(type, 0, '2', 2, 1)).toBe('lost');
    expect(grade(type, 0, '2', 0, 1)).toBe('won');
  });

  it.each(['moneyline', 'drawnobet'])('%s pushes both sides on a draw', (type) => {
    expect(grade(type, 0, '1', 1, 1)).toBe('push');
    expect(grade(type, 0, '2', 0, 0)).toBe('push');
  });

  it('says the stake is returned on a draw', () => {
    expect(rule(market('moneyline'), '1', 1, 1)).toBe('1: 1:1 is a draw, stake returned → push');
  });

  it('rejects X on a two-way market', () => {
    expect(() => grade('moneyline', 0, 'X', 1, 1)).toThrow(/unknown outcome "X".*a draw is a push/);
  });
});

describe('gradeSelection: Asian handicap (spreads)', () => {
  it.each([
    ['1', -0.5, 1, 0, 'won'],
    ['1', -0.5, 1, 1, 'lost'],
    ['2', -0.5, 1, 1, 'won'],
    ['1', -1, 2, 1, 'push'],
    ['2', -1, 2, 1, 'push'],
    ['1', -1, 3, 1, 'won'],
    ['1', 0, 1, 1, 'push'],
    ['1', 0, 1, 0, 'won'],
    ['1', 1.5, 0, 1, 'won'],
  ] as const)('grades %s with handicap %d at %i:%i as %s', (outcomeName, h, p1, p2, expected) => {
    expect(grade('spreads', h, outcomeName, p1, p2)).toBe(expected);
  });

  it.each([
    ['1', -0.25, 1, 1, 'half-lost'],
    ['1', 0.25, 1, 1, 'half-won'],
    ['2', -0.25, 1, 1, 'half-won'],
    ['2', 0.25, 1, 1, 'half-lost'],
    ['1', -0.75, 2, 1, 'half-won'],
    ['2', -0.75, 2, 1, 'half-lost'],
    ['1', -0.75, 1, 1, 'lost'],
    ['1', -0.75, 3, 1, 'won'],
    ['1', 0.75, 0, 1, 'half-lost'],
    ['1', -1.25, 2, 1, 'half-lost'],
    ['1', -1.75, 3, 1, 'half-won'],
    ['1', -1.75, 2, 1, 'lost'],
  ] as const)(
    'splits the quarter line: %s with handicap %d at %i:%i is %s',
    (outcomeName, h, p1, p2, expected) => {
      expect(grade('spreads', h, outcomeName, p1, p2)).toBe(expected);
    },
  );

  it('explains a half line with the handicapped score', () => {
    expect(rule(market('spreads', -0.5), '2', 1, 1)).toBe(
      '2 +0.5: 1:1 with +0.5 on participant 2 is 1:1.5 → won',
    );
    expect(rule(market('spreads', -1), '1', 2, 1)).toBe(
      '1 -1: 2:1 with -1 on participant 1 is 1:1 → push',
    );
  });

  it('explains a quarter line by its two halves', () => {
    expect(rule(market('spreads', -0.25), '1', 1, 1)).toBe(
      '1 -0.25 at 1:1: half on 1 -0.5 lost, half on 1 0 push → half-lost',
    );
  });

  it('grades a sport-specific variant by the family rule', () => {
    expect(grade('spreads-sets', -1.5, '1', 2, 1)).toBe('lost');
  });

  it('rejects a line that is not a multiple of 0.25', () => {
    expect(() => grade('spreads', 0.3, '1', 1, 0)).toThrow(/0.3 .* not a multiple of 0.25/);
    expect(() => grade('spreads', Number.NaN, '1', 1, 0)).toThrow(SettlementError);
  });

  it('rejects an outcome name other than 1 and 2', () => {
    expect(() => grade('spreads', -0.5, 'X', 1, 0)).toThrow(/unknown outcome "X"/);
  });
});

describe('gradeSelection: European handicap (spreads-european)', () => {
  it.each([
    ['1', -1, 2, 1, 'lost'],
    ['X', -1, 2, 1, 'won'],
    ['2', -1, 2, 1, 'lost'],
    ['1', -1, 3, 1, 'won'],
    ['2', 1, 0, 2, 'won'],
    ['X', 1, 0, 1, 'won'],
    ['2', -2, 1, 0, 'won'],
  ] as const)('grades %s with handicap %d at %i:%i as %s', (outcomeName, h, p1, p2, expected) => {
    expect(grade('spreads-european', h, outcomeName, p1, p2)).toBe(expected);
  });

  it('explains the handicapped score', () => {
    expect(rule(market('spreads-european', -1), 'X', 2, 1)).toBe(
      'X (-1): 2:1 with -1 on participant 1 is 1:1, a draw → won',
    );
  });

  it('rejects a half line', () => {
    expect(() => grade('spreads-european', 0.5, '1', 1, 0)).toThrow(/must be a whole number/);
  });
});

describe('gradeSelection: totals and team totals', () => {
  it.each([
    ['Over', 2.5, 2, 1, 'won'],
    ['Under', 2.5, 2, 1, 'lost'],
    ['Over', 2, 1, 1, 'push'],
    ['Under', 2, 1, 1, 'push'],
    ['Over', 0.5, 0, 0, 'lost'],
    ['Under', 0.5, 0, 0, 'won'],
    ['Over', 0, 0, 0, 'push'],
  ] as const)('grades %s %d at %i:%i as %s', (outcomeName, line, p1, p2, expected) => {
    expect(grade('totals', line, outcomeName, p1, p2)).toBe(expected);
  });

  it.each([
    ['Over', 2.25, 1, 1, 'half-lost'],
    ['Under', 2.25, 1, 1, 'half-won'],
    ['Over', 2.75, 2, 1, 'half-won'],
    ['Under', 2.75, 2, 1, 'half-lost'],
    ['Over', 2.25, 2, 1, 'won'],
    ['Over', 2.75, 1, 1, 'lost'],
    ['Under', 0.25, 0, 0, 'half-won'],
  ] as const)(
    'splits the quarter line: %s %d at %i:%i is %s',
    (outcomeName, line, p1, p2, expected) => {
      expect(grade('totals', line, outcomeName, p1, p2)).toBe(expected);
    },
  );

  it('explains a half line and a quarter line', () => {
    expect(rule(market('totals', 2.5), 'Over', 2, 1)).toBe('Over 2.5: total 3 > 2.5 → won');
    expect(rule(market('totals', 2), 'Under', 1, 1)).toBe('Under 2: total 2 = 2 → push');
    expect(rule(market('totals', 2.5), 'Under', 1, 0)).toBe('Under 2.5: total 1 < 2.5 → won');
    expect(rule(market('totals', 2.25), 'Over', 1, 1)).toBe(
      'Over 2.25: total 2; half on Over 2 push, half on Over 2.5 lost → half-lost',
    );
  });

  it('grades a sport-specific variant by the family rule', () => {
    expect(grade('totals-games', 22.5, 'Over', 13, 10)).toBe('won');
  });

  it('grades team totals on the named participant only', () => {
    expect(grade('teamtotals-team1', 1.5, 'Over', 2, 0)).toBe('won');
    expect(grade('teamtotals-team1', 1.5, 'Over', 1, 5)).toBe('lost');
    expect(grade('teamtotals-team2', 1.5, 'Over', 1, 5)).toBe('won');
    expect(grade('teamtotals-team2', 1, 'Under', 1, 1)).toBe('push');
    expect(grade('teamtotals-team1', 1.25, 'Over', 1, 3)).toBe('half-lost');
    expect(grade('teamtotals-team1-kills', 9.5, 'Under', 12, 3)).toBe('lost');
  });

  it('names the participant in a team-total rule', () => {
    expect(rule(market('teamtotals-team2', 1.5), 'Over', 1, 5)).toBe(
      'Over 1.5 (participant 2): score 5 > 1.5 → won',
    );
    expect(rule(market('teamtotals-team1', 1.25), 'Over', 1, 3)).toBe(
      'Over 1.25 (participant 1): score 1; ' +
        'half on Over 1 push, half on Over 1.5 lost → half-lost',
    );
  });

  it('rejects a negative line', () => {
    expect(() => grade('totals', -0.5, 'Over', 1, 0)).toThrow(/negative: .* must be ≥ 0/);
  });

  it('rejects an outcome name other than Over and Under', () => {
    expect(() => grade('totals', 2.5, 'over', 1, 0)).toThrow(/outcome "over".*Over or Under/);
  });
});

describe('gradeSelection: both teams to score', () => {
  it('grades a 0-0 as No', () => {
    expect(grade('bothteamsscore', 0, 'Yes', 0, 0)).toBe('lost');
    expect(grade('bothteamsscore', 0, 'No', 0, 0)).toBe('won');
  });

  it('grades Yes won only when both participants scored', () => {
    expect(grade('bothteamsscore', 0, 'Yes', 1, 1)).toBe('won');
    expect(grade('bothteamsscore', 0, 'Yes', 2, 0)).toBe('lost');
    expect(grade('bothteamsscore', 0, 'No', 2, 0)).toBe('won');
  });

  it('says whether both participants scored', () => {
    expect(rule(market('bothteamsscore'), 'Yes', 0, 0)).toBe(
      'Yes: 0:0, not both participants scored → lost',
    );
    expect(rule(market('bothteamsscore'), 'Yes', 1, 2)).toBe(
      'Yes: 1:2, both participants scored → won',
    );
  });

  it('rejects an outcome name other than Yes and No', () => {
    expect(() => grade('bothteamsscore', 0, '1', 1, 0)).toThrow(/Yes or No/);
  });
});

describe('gradeSelection: odd/even', () => {
  it('grades a total of 0 as even', () => {
    expect(grade('oddeven', 0, 'Even', 0, 0)).toBe('won');
    expect(grade('oddeven', 0, 'Odd', 0, 0)).toBe('lost');
    expect(rule(market('oddeven'), 'Even', 0, 0)).toBe('Even: total 0 is even → won');
  });

  it('grades an odd total as Odd', () => {
    expect(grade('oddeven', 0, 'Odd', 2, 1)).toBe('won');
    expect(grade('oddeven', 0, 'Even', 2, 1)).toBe('lost');
    expect(rule(market('oddeven'), 'Odd', 2, 1)).toBe('Odd: total 3 is odd → won');
  });

  it('rejects an outcome name other than Odd and Even', () => {
    expect(() => grade('oddeven', 0, 'odd', 1, 0)).toThrow(/Odd or Even/);
  });
});

describe('gradeSelection: correct score', () => {
  it('grades the exact score won and any other lost', () => {
    expect(grade('correctscore', 0, '2:1', 2, 1)).toBe('won');
    expect(grade('correctscore', 0, '2:1', 1, 2)).toBe('lost');
    expect(grade('correctscore', 0, '0:0', 0, 0)).toBe('won');
    expect(grade('correctscore', 0, '10:0', 10, 0)).toBe('won');
    expect(rule(market('correctscore'), '2:1', 2, 1)).toBe('2:1: final score 2:1 → won');
  });

  it('grades Other won when the score is none of the listed scores', () => {
    const listed = {
      ...market('correctscore'),
      outcomes: [{ outcomeName: '1:0' }, { outcomeName: '0:0' }, { outcomeName: 'Other' }],
    };
    expect(gradeSelection(listed, 'Other', at(3, 3))).toEqual({
      grade: 'won',
      rule: 'Other: 3:3 is not a listed score → won',
    });
    expect(gradeSelection(listed, 'Other', at(1, 0))).toEqual({
      grade: 'lost',
      rule: 'Other: 1:0 is a listed score → lost',
    });
  });

  it('refuses to grade Other without the market outcomes', () => {
    expect(() => grade('correctscore', 0, 'Other', 3, 3)).toThrow(/needs the market's outcomes/);
  });

  it('rejects a listed outcome that is not a score', () => {
    const listed = { ...market('correctscore'), outcomes: [{ outcomeName: '1-0' }] };
    expect(() =>
      gradeSelection(listed, 'Other', { participant1Score: 0, participant2Score: 0 }),
    ).toThrow(/lists outcome "1-0"/);
  });

  it.each(['2-1', '2:', ':1', 'x:1', '2:1:0', '-1:0', ' 2:1'])(
    'rejects the malformed score name "%s"',
    (outcomeName) => {
      expect(() => grade('correctscore', 0, outcomeName, 2, 1)).toThrow(SettlementError);
    },
  );
});

describe('gradeSelection: winning margin', () => {
  it.each([
    ['1 by 1', 2, 1, 'won'],
    ['1 by 2', 2, 1, 'lost'],
    ['1 by 3+', 4, 1, 'won'],
    ['1 by 3+', 5, 0, 'won'],
    ['1 by 3+', 3, 1, 'lost'],
    ['1 by 4+', 4, 0, 'won'],
    ['1 by 4+', 3, 0, 'lost'],
    ['X', 1, 1, 'won'],
    ['X', 0, 1, 'lost'],
    ['2 by 1', 0, 1, 'won'],
    ['2 by 2', 1, 3, 'won'],
    ['2 by 3+', 0, 3, 'won'],
    ['2 by 3+', 1, 0, 'lost'],
  ] as const)('grades %s at %i:%i as %s', (outcomeName, p1, p2, expected) => {
    expect(grade('winningmargin', 0, outcomeName, p1, p2)).toBe(expected);
  });

  it('states the winner and the margin', () => {
    const margin = market('winningmargin');
    expect(rule(margin, '1 by 3+', 4, 1)).toBe('1 by 3+: 4:1, participant 1 by 3 → won');
    expect(rule(margin, '1 by 1', 0, 2)).toBe('1 by 1: 0:2, participant 2 by 2 → lost');
    expect(rule(market('winningmargin'), 'X', 1, 1)).toBe('X: 1:1, a draw → won');
  });

  it.each(['1 by 0', '1 by', '1 by ', '1 by +', '3 by 1', '1 by x', '1by1', 'Draw'])(
    'rejects the malformed name "%s"',
    (outcomeName) => {
      expect(() => grade('winningmargin', 0, outcomeName, 1, 0)).toThrow(/unknown outcome/);
    },
  );
});

describe('gradeSelection: market types and scores', () => {
  it.each(['players-shots', 'toqualify', 'totalsx', 'correctscore-sets', ''])(
    'rejects the marketType "%s" it has no rule for',
    (marketType) => {
      expect(() => grade(marketType, 0, '1', 1, 0)).toThrow(/unknown marketType/);
    },
  );

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 1_000_001])(
    'rejects the score %d',
    (bad) => {
      expect(() => grade('1x2', 0, '1', bad, 0)).toThrow(/participant1Score must be an integer/);
      expect(() => grade('1x2', 0, '1', 0, bad)).toThrow(/participant2Score must be an integer/);
    },
  );

  it('names the error class', () => {
    expect(new SettlementError('x').name).toBe('SettlementError');
    expect(new SettlementError('x')).toBeInstanceOf(Error);
  });
});

describe('voidSelection', () => {
  it('returns a void grade with the reason as the rule', () => {
    expect(voidSelection('fixture cancelled')).toEqual({
      grade: 'void',
      rule: 'void: fixture cancelled',
    });
  });

  it('rejects an empty reason', () => {
    expect(() => voidSelection('  ')).toThrow(/non-empty reason/);
  });
});

describe('selectionGrader', () => {
  it('grades every cell of a grid without re-parsing the selection', () => {
    const over = selectionGrader(market('totals', 2.25), 'Over');
    expect(over(1, 1)).toBe('half-lost');
    expect(over(2, 1)).toBe('won');
    expect(over(0, 0)).toBe('lost');
  });

  it('throws for an unknown outcome when it is built', () => {
    expect(() => selectionGrader(market('totals', 2.5), 'Yes')).toThrow(SettlementError);
  });

  it('throws for an invalid score on each call', () => {
    const over = selectionGrader(market('totals', 2.5), 'Over');
    expect(() => over(-1, 0)).toThrow(/participant1Score/);
  });

  it('agrees with gradeSelection on every family', () => {
    const selections: readonly (readonly [string, string, fc.Arbitrary<number>])[] = [
      ['1x2', 'X', fc.constant(0)],
      ['moneyline', '1', fc.constant(0)],
      ['spreads', '2', handicapLine],
      ['spreads-european', '1', fc.integer({ min: -5, max: 5 })],
      ['totals', 'Under', totalsLine],
      ['teamtotals-team2', 'Over', totalsLine],
      ['bothteamsscore', 'Yes', fc.constant(0)],
      ['oddeven', 'Odd', fc.constant(0)],
      ['correctscore', '1:1', fc.constant(0)],
      ['winningmargin', '2 by 2+', fc.constant(0)],
    ];
    for (const [marketType, outcomeName, line] of selections) {
      fc.assert(
        fc.property(line, score, score, (h, p1, p2) => {
          const selectionMarket = market(marketType, h);
          expect(selectionGrader(selectionMarket, outcomeName)(p1, p2)).toBe(
            gradeSelection(selectionMarket, outcomeName, {
              participant1Score: p1,
              participant2Score: p2,
            }).grade,
          );
        }),
      );
    }
  });
});

describe('settlement properties', () => {
  it('grades Over and Under on the same line as complements', () => {
    const types = fc.constantFrom('totals', 'teamtotals-team1', 'teamtotals-team2');
    fc.assert(
      fc.property(types, totalsLine, score, score, (type, line, p1, p2) => {
        const over = grade(type, line, 'Over', p1, p2);
        expect(grade(type, line, 'Under', p1, p2)).toBe(COMPLEMENT[over]);
      }),
    );
  });

  it('grades Asian handicap sides 1 and 2 of one line as complements', () => {
    fc.assert(
      fc.property(handicapLine, score, score, (h, p1, p2) => {
        expect(grade('spreads', h, '2', p1, p2)).toBe(COMPLEMENT[grade('spreads', h, '1', p1, p2)]);
      }),
    );
  });

  it('grades moneyline sides 1 and 2 as complements', () => {
    fc.assert(
      fc.property(score, score, (p1, p2) => {
        const side1 = grade('moneyline', 0, '1', p1, p2);
        expect(grade('moneyline', 0, '2', p1, p2)).toBe(COMPLEMENT[side1]);
      }),
    );
  });

  it('grades a whole or half line by the sign of the margin over the line', () => {
    const wholeOrHalf = fc.integer({ min: -20, max: 20 }).map((halves) => halves / 2);
    const expected = (margin: number): Grade => (margin > 0 ? 'won' : margin < 0 ? 'lost' : 'push');
    fc.assert(
      fc.property(wholeOrHalf, score, score, (h, p1, p2) => {
        expect(grade('spreads', h, '1', p1, p2)).toBe(expected(p1 + h - p2));
        expect(grade('totals', Math.abs(h), 'Over', p1, p2)).toBe(expected(p1 + p2 - Math.abs(h)));
      }),
    );
  });

  it('returns on a quarter line the average of its two neighbouring lines', () => {
    const quarter = fc.integer({ min: -20, max: 19 }).map((halves) => halves / 2 + 0.25);
    fc.assert(
      fc.property(quarter, score, score, price, (h, p1, p2, p) => {
        const asian = (l: number): number => returnFactor(grade('spreads', l, '1', p1, p2), p);
        expect(asian(h)).toBe((asian(h - 0.25) + asian(h + 0.25)) / 2);
        const line = Math.abs(h);
        const over = (l: number): number => returnFactor(grade('totals', l, 'Over', p1, p2), p);
        expect(over(line)).toBe((over(line - 0.25) + over(line + 0.25)) / 2);
      }),
    );
  });

  it('wins exactly one of 1, X and 2 on 1x2 and on a European handicap', () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 5 }), score, score, (h, p1, p2) => {
        const sides = ['1', 'X', '2'];
        expect(sides.filter((side) => grade('1x2', 0, side, p1, p2) === 'won')).toHaveLength(1);
        expect(
          sides.filter((side) => grade('spreads-european', h, side, p1, p2) === 'won'),
        ).toHaveLength(1);
      }),
    );
  });

  it('wins exactly one correct score among a listed grid and Other', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), score, score, (top, p1, p2) => {
        const names: string[] = ['Other'];
        for (let a = 0; a <= top; a += 1) {
          for (let b = 0; b <= top; b += 1) names.push(`${String(a)}:${String(b)}`);
        }
        const outcomes = names.map((outcomeName) => ({ outcomeName }));
        const listed = { ...market('correctscore'), outcomes };
        const winners = names.filter(
          (name) =>
            gradeSelection(listed, name, { participant1Score: p1, participant2Score: p2 }).grade ===
            'won',
        );
        expect(winners).toHaveLength(1);
      }),
    );
  });

  it('wins exactly one winning-margin band whatever the top band', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), score, score, (top, p1, p2) => {
        const names = ['X', `1 by ${String(top)}+`, `2 by ${String(top)}+`];
        for (let n = 1; n < top; n += 1) names.push(`1 by ${String(n)}`, `2 by ${String(n)}`);
        const winners = names.filter((name) => grade('winningmargin', 0, name, p1, p2) === 'won');
        expect(winners).toHaveLength(1);
      }),
    );
  });

  it('grades Yes/No and Odd/Even as complements', () => {
    fc.assert(
      fc.property(score, score, (p1, p2) => {
        expect(grade('bothteamsscore', 0, 'No', p1, p2)).toBe(
          COMPLEMENT[grade('bothteamsscore', 0, 'Yes', p1, p2)],
        );
        const odd = grade('oddeven', 0, 'Odd', p1, p2);
        expect(grade('oddeven', 0, 'Even', p1, p2)).toBe(COMPLEMENT[odd]);
      }),
    );
  });
});

describe('scoreForPeriod', () => {
  const scores = {
    p1: { period: 'p1', participant1Score: 1, participant2Score: 0 },
    p2: { period: 'p2', participant1Score: 1, participant2Score: 2 },
    p3: { period: 'p3', participant1Score: 0, participant2Score: 1 },
    p4: { period: 'p4', participant1Score: 2, participant2Score: 0 },
    overtime: { period: 'overtime', participant1Score: 0, participant2Score: 1 },
    result: { period: 'result', participant1Score: 4, participant2Score: 3 },
    fulltime: { period: 'fulltime', participant1Score: 4, participant2Score: 4 },
  };

  it('returns the row of a simple period', () => {
    expect(scoreForPeriod(scores, 'p2')).toEqual({ participant1Score: 1, participant2Score: 2 });
  });

  it('keeps regulation time (result) apart from full time with overtime (fulltime)', () => {
    expect(scoreForPeriod(scores, 'result')).toEqual(at(4, 3));
    expect(scoreForPeriod(scores, 'fulltime')).toEqual(at(4, 4));
  });

  it('sums the rows of a composite period', () => {
    expect(scoreForPeriod(scores, 'p1+p2')).toEqual({ participant1Score: 2, participant2Score: 2 });
    expect(scoreForPeriod(scores, 'p3+p4+overtime')).toEqual({
      participant1Score: 2,
      participant2Score: 2,
    });
  });

  it('returns null when the row is missing', () => {
    expect(scoreForPeriod(scores, 'p5')).toBeNull();
    expect(scoreForPeriod({}, 'result')).toBeNull();
  });

  it('returns null when any row of a composite period is missing', () => {
    expect(scoreForPeriod(scores, 'p4+p5')).toBeNull();
  });

  it('returns null for a period key that holds no row', () => {
    expect(scoreForPeriod({ ...scores, p5: undefined }, 'p5')).toBeNull();
  });

  it('ignores inherited object keys', () => {
    expect(scoreForPeriod(scores, 'toString')).toBeNull();
  });

  it.each(['', 'p1+', '+p1', 'p1++p2'])(
    'rejects the period "%s" with an empty component',
    (period) => {
      expect(() => scoreForPeriod(scores, period)).toThrow(/empty component/);
    },
  );

  it('rejects a period that repeats a component', () => {
    expect(() => scoreForPeriod(scores, 'p1+p1')).toThrow(/repeats the component "p1"/);
  });

  it('rejects a row whose score is not a non-negative integer', () => {
    const bad = { ...scores, p5: { period: 'p5', participant1Score: 1.5, participant2Score: 0 } };
    expect(() => scoreForPeriod(bad, 'p5')).toThrow(/score row "p5" holds 1.5/);
    expect(() => scoreForPeriod(bad, 'p6+p5')).toThrow(SettlementError);
  });

  it('feeds a composite period score into the grader', () => {
    const firstHalf = scoreForPeriod(scores, 'p1+p2');
    expect(firstHalf).not.toBeNull();
    if (firstHalf === null) return;
    const overThreeAndHalf = { marketType: 'totals', handicap: 3.5, period: 'p1+p2' };
    expect(gradeSelection(overThreeAndHalf, 'Over', firstHalf).grade).toBe('won');
  });
});
