// A bet ticket in money: a parlay (one leg is a single) settled from its legs' grades and the
// prices taken, paid in a currency's minor units. Shared by the settlement desk's ticket check and
// the bet tracker, so a payout is computed in one place (settleParlay does the maths).

import type { Grade } from './grade.ts';
import { settleParlay, type ParlayStatus } from './parlay.ts';
import { roundHalfAwayFromZero } from './rounding.ts';

/** A ticket's input is unusable (no legs, a stake of 0, more decimals than the currency has...). */
export class TicketError extends Error {
  override readonly name = 'TicketError';
}

/**
 * ISO 4217 currencies whose minor unit is not the cent. Every other label (including a label that
 * is not a currency code, such as "units") is paid to 2 decimals: the currency is only a label,
 * nothing is converted.
 */
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

/** Decimals of the currency's minor unit: 0 for JPY, 3 for KWD, 2 for anything else. Case-insensitive. */
export function minorUnitsOf(currency: string): number {
  return MINOR_UNITS[currency.trim().toUpperCase()] ?? 2;
}

/** `amount` rounded to `minorUnits` decimals, half away from zero (10.125 GBP → 10.13, 10.5 JPY → 11). */
export function roundToMinorUnits(amount: number, minorUnits: number): number {
  return roundHalfAwayFromZero(amount, minorUnits);
}

export interface TicketSettlement {
  readonly status: ParlayStatus;
  /** Π returnFactor of every leg, unrounded (void and push legs count 1: they are removed). */
  readonly returnFactor: number;
  /** The legs the ticket still pays on: every leg that is neither void nor pushed. */
  readonly countedLegs: number;
  /** stake × returnFactor, unrounded. */
  readonly exactPayout: number;
  /** exactPayout rounded to the currency's minor units, half away from zero: what is paid. */
  readonly payout: number;
  /** payout − stake, in the currency's minor units (negative on a loss). */
  readonly profit: number;
  readonly minorUnits: number;
}

/**
 * Settles a ticket of `legs` (one leg is a single) for `stake` in `currency`, as bookmakers do:
 * - void and push legs are removed: the ticket pays as if they had never been on it (factor 1);
 *   a ticket with nothing left returns the stake;
 * - a half-won leg pays half the stake at its price and returns the other half: (1 + price) / 2;
 * - a half-lost leg loses half and returns the other half: 0.5;
 * - a lost leg loses the ticket.
 * The factors multiply (each leg's return rolls on into the next), then the payout is rounded once,
 * at the end, to the currency's minor units, half away from zero. Profit = payout − stake.
 * @throws TicketError on no legs, a stake that is not more than 0 or has more decimals than the
 * currency's minor unit, or a price that is not a decimal price of at least 1.
 */
export function settleTicket(legs: readonly { readonly grade: Grade; readonly price: number }[], stake: number, currency: string): TicketSettlement {
  const minorUnits = minorUnitsOf(currency);
  if (legs.length === 0) throw new TicketError('A ticket needs at least one leg.');
  if (!Number.isFinite(stake) || stake <= 0) throw new TicketError(`The stake must be more than 0, got ${String(stake)}.`);
  if (roundToMinorUnits(stake, minorUnits) !== stake) {
    throw new TicketError(`A stake in ${currency.trim() === '' ? 'this currency' : currency.trim()} has at most ${String(minorUnits)} decimals, got ${String(stake)}.`);
  }
  legs.forEach((leg, i) => {
    if (!Number.isFinite(leg.price) || leg.price < 1) throw new TicketError(`Leg ${String(i + 1)}: ${String(leg.price)} is not a decimal price of at least 1.`);
  });
  const settled = settleParlay(legs, stake);
  const payout = roundToMinorUnits(settled.payout, minorUnits);
  return {
    status: settled.status,
    returnFactor: settled.returnFactor,
    countedLegs: legs.filter((leg) => leg.grade !== 'void' && leg.grade !== 'push').length,
    exactPayout: settled.payout,
    payout,
    profit: roundToMinorUnits(payout - stake, minorUnits),
    minorUnits,
  };
}

/**
 * The largest stake read: the payout is rounded on 15 significant digits (`roundHalfAwayFromZero`),
 * so above this a payout's minor units would no longer be exact.
 */
export const MAX_STAKE = 1_000_000_000;

/** A stake as typed: the amount, or the sentence saying what is wrong with it (naming the field). */
export type StakeReading = { readonly ok: true; readonly stake: number } | { readonly ok: false; readonly message: string };

/**
 * Reads a stake typed in `currency` (a label: nothing is converted): a plain decimal number
 * (`10`, `2.50`, `.5`; no thousands separators, no exponent) more than 0, with no more decimals
 * than the currency's minor unit, and at most {@link MAX_STAKE}. Every refusal starts "Stake:".
 */
export function readStake(text: string, currency: string): StakeReading {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: 'Stake: enter an amount, such as 10.' };
  if (!/^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/u.test(typed)) {
    const shown = typed.length > 20 ? `${typed.slice(0, 20)}…` : typed;
    return { ok: false, message: `Stake: "${shown}" is not a number; type an amount such as 10 or 2.50.` };
  }
  const stake = Number(typed);
  if (!(stake > 0)) return { ok: false, message: `Stake: must be more than 0, got ${typed}.` };
  if (stake > MAX_STAKE) return { ok: false, message: `Stake: at most ${MAX_STAKE.toLocaleString('en')}, got ${typed}.` };
  const minorUnits = minorUnitsOf(currency);
  if (roundToMinorUnits(stake, minorUnits) !== stake) {
    const label = currency.trim() === '' ? 'this currency' : currency.trim();
    return { ok: false, message: `Stake: an amount in ${label} has at most ${String(minorUnits)} decimals, got ${typed}.` };
  }
  return { ok: true, stake };
}
