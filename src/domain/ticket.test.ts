import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRADES } from './grade.ts';
import { minorUnitsOf, readStake, roundToMinorUnits, settleTicket, TicketError } from './ticket.ts';

// Expected payouts below were worked by hand (exact fractions), then rounded by the written rule:
// to the currency's minor units, half away from zero.

describe('settleTicket: hand-worked examples', () => {
  it('removes a void leg and pays the other two: 10 × 1.91 × 1.67 = 31.897 → 31.90', () => {
    const ticket = settleTicket(
      [
        { price: 1.91, grade: 'won' },
        { price: 2.05, grade: 'void' },
        { price: 1.67, grade: 'won' },
      ],
      10,
      'GBP',
    );
    expect(ticket).toMatchObject({ status: 'won', countedLegs: 2, payout: 31.9, profit: 21.9, minorUnits: 2 });
  });

  it('pays a half-won leg half at its price and half back: 10 × (1 + 1.95) / 2 × 2.10 = 30.975 → 30.98', () => {
    const ticket = settleTicket(
      [
        { price: 1.95, grade: 'half-won' },
        { price: 2.1, grade: 'won' },
      ],
      10,
      'EUR',
    );
    expect(ticket).toMatchObject({ status: 'partial', payout: 30.98, profit: 20.98 });
  });

  it('returns half on a half-lost leg: 10 × 0.5 × 2.10 = 10.50', () => {
    const ticket = settleTicket(
      [
        { price: 1.95, grade: 'half-lost' },
        { price: 2.1, grade: 'won' },
      ],
      10,
      'EUR',
    );
    expect(ticket).toMatchObject({ status: 'partial', payout: 10.5, profit: 0.5 });
  });

  it('returns the stake when every leg is void or pushed', () => {
    const ticket = settleTicket(
      [
        { price: 1.91, grade: 'void' },
        { price: 2.05, grade: 'push' },
      ],
      10,
      'USD',
    );
    expect(ticket).toMatchObject({ status: 'void', countedLegs: 0, payout: 10, profit: 0 });
  });

  it('pays nothing when a leg lost', () => {
    const ticket = settleTicket(
      [
        { price: 1.91, grade: 'won' },
        { price: 2.05, grade: 'lost' },
      ],
      10,
      'USD',
    );
    expect(ticket).toMatchObject({ status: 'lost', payout: 0, profit: -10 });
  });

  it('pays yen in whole yen and dinars in fils: 1001 × 1.5 = 1501.5 → 1502 JPY; 2.5 × 1.8005 = 4.50125 → 4.501 KWD', () => {
    expect(settleTicket([{ price: 1.5, grade: 'won' }], 1001, 'JPY').payout).toBe(1502);
    expect(settleTicket([{ price: 1.8005, grade: 'won' }], 2.5, 'kwd').payout).toBe(4.501);
  });
});

describe('settleTicket: refusals', () => {
  it('refuses a stake of 0, a negative stake and a stake finer than the currency', () => {
    expect(() => settleTicket([{ price: 2, grade: 'won' }], 0, 'GBP')).toThrow(new TicketError('The stake must be more than 0, got 0.'));
    expect(() => settleTicket([{ price: 2, grade: 'won' }], -5, 'GBP')).toThrow(TicketError);
    expect(() => settleTicket([{ price: 2, grade: 'won' }], 10.005, 'GBP')).toThrow('A stake in GBP has at most 2 decimals, got 10.005.');
    expect(() => settleTicket([{ price: 2, grade: 'won' }], 10.5, 'JPY')).toThrow('at most 0 decimals');
  });

  it('refuses no legs and a price below 1', () => {
    expect(() => settleTicket([], 10, 'GBP')).toThrow('A ticket needs at least one leg.');
    expect(() => settleTicket([{ price: 0.9, grade: 'won' }], 10, 'GBP')).toThrow('Leg 1: 0.9 is not a decimal price of at least 1.');
  });
});

describe('minorUnitsOf and roundToMinorUnits', () => {
  it('knows the currencies without cents and treats any other label as 2 decimals', () => {
    expect([minorUnitsOf('JPY'), minorUnitsOf('krw'), minorUnitsOf('BHD'), minorUnitsOf('GBP'), minorUnitsOf('units'), minorUnitsOf('')]).toEqual([0, 0, 3, 2, 2, 2]);
  });

  it('rounds half away from zero on the decimal a person reads', () => {
    expect([roundToMinorUnits(1.005, 2), roundToMinorUnits(-1.005, 2), roundToMinorUnits(2.5, 0), roundToMinorUnits(1.0004, 3)]).toEqual([1.01, -1.01, 3, 1]);
  });
});

const priceArb = fc.double({ min: 1, max: 50, noNaN: true });
const legArb = fc.record({ price: priceArb, grade: fc.constantFrom(...GRADES) });
const countedLegArb = fc.record({ price: priceArb, grade: fc.constantFrom('won' as const, 'lost' as const, 'half-won' as const, 'half-lost' as const) });
const currencyArb = fc.constantFrom('GBP', 'JPY', 'KWD');
const stakeArb = (currency: string) =>
  fc.integer({ min: 1, max: 10_000_000 }).map((minor) => minor / 10 ** minorUnitsOf(currency));

describe('settleTicket: properties', () => {
  it('pays a whole number of minor units, within half a minor unit of the exact payout', () => {
    fc.assert(
      fc.property(
        currencyArb.chain((currency) => fc.tuple(fc.constant(currency), stakeArb(currency))),
        fc.array(legArb, { minLength: 1, maxLength: 8 }),
        ([currency, stake], legs) => {
          const ticket = settleTicket(legs, stake, currency);
          const unit = 10 ** -ticket.minorUnits;
          expect(Number.isInteger(Number((ticket.payout / unit).toPrecision(15)))).toBe(true);
          expect(Math.abs(ticket.payout - ticket.exactPayout)).toBeLessThanOrEqual(unit / 2 + 1e-9 * Math.max(1, ticket.exactPayout));
        },
      ),
    );
  });

  it('pays the same with or without its void and pushed legs', () => {
    fc.assert(
      fc.property(
        fc.array(countedLegArb, { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ price: priceArb, grade: fc.constantFrom('void' as const, 'push' as const) }), { maxLength: 4 }),
        stakeArb('GBP'),
        (counted, removed, stake) => {
          const without = settleTicket(counted, stake, 'GBP');
          const withThem = settleTicket([...removed, ...counted], stake, 'GBP');
          expect(withThem.payout).toBe(without.payout);
          expect(withThem.countedLegs).toBe(counted.length);
        },
      ),
    );
  });

  it('does not depend on the order of the legs', () => {
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 8 }), stakeArb('GBP'), (legs, stake) => {
        expect(settleTicket([...legs].reverse(), stake, 'GBP')).toEqual(settleTicket(legs, stake, 'GBP'));
      }),
    );
  });

  it('never pays on a lost leg, and never pays more than a full win of every leg', () => {
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 8 }), stakeArb('GBP'), (legs, stake) => {
        const ticket = settleTicket(legs, stake, 'GBP');
        if (legs.some((leg) => leg.grade === 'lost')) expect(ticket.payout).toBe(0);
        const allWon = settleTicket(legs.map((leg) => ({ ...leg, grade: 'won' as const })), stake, 'GBP');
        expect(ticket.payout).toBeLessThanOrEqual(allWon.payout);
      }),
    );
  });
});

describe('readStake', () => {
  it('reads a plain decimal amount', () => {
    expect(readStake(' 2.50 ', 'GBP')).toEqual({ ok: true, stake: 2.5 });
    expect(readStake('.5', 'GBP')).toEqual({ ok: true, stake: 0.5 });
  });

  it('refuses a stake of 0, naming the field', () => {
    expect(readStake('0', 'GBP')).toEqual({ ok: false, message: 'Stake: must be more than 0, got 0.' });
  });

  it('refuses a negative stake, naming the field', () => {
    expect(readStake('-5', 'GBP')).toEqual({ ok: false, message: 'Stake: must be more than 0, got -5.' });
  });

  it('refuses text that is not a number, quoting it', () => {
    expect(readStake('ten', 'GBP')).toEqual({ ok: false, message: 'Stake: "ten" is not a number; type an amount such as 10 or 2.50.' });
    expect(readStake('1e3', 'GBP')).toMatchObject({ ok: false });
    expect(readStake('1,000', 'GBP')).toMatchObject({ ok: false });
  });

  it('asks for an amount when the field is empty', () => {
    expect(readStake('  ', 'GBP')).toEqual({ ok: false, message: 'Stake: enter an amount, such as 10.' });
  });

  it("refuses more decimals than the currency's minor unit", () => {
    expect(readStake('10.5', 'JPY')).toEqual({ ok: false, message: 'Stake: an amount in JPY has at most 0 decimals, got 10.5.' });
    expect(readStake('10.125', 'KWD')).toEqual({ ok: true, stake: 10.125 });
  });

  it('refuses a stake above a billion', () => {
    expect(readStake('1000000001', 'GBP')).toEqual({ ok: false, message: 'Stake: at most 1,000,000,000, got 1000000001.' });
  });
});
