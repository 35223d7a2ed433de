// The firehose knob's load generator (POST /admin/firehose): every price of one fixture at every
// book requoted at a set rate, each requote changing the price. The prices are precomputed: each
// entry swings between the price the real models quoted when the firehose started and the next
// price up (+2 %, rounded to the cent). The generator only picks entries and prices; the
// simulator sends every change through its usual publish path (history, feed, gateway), so what
// a bench measures is the page, not the producer.
import { decimalToAmerican } from '../../src/domain/odds-format.ts';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { BookLine } from './fixture-runtime.ts';

/** The highest rate the knob takes, updates/s (well past what one page can apply). */
export const MAX_FIREHOSE_RATE = 100_000;

interface Target {
  readonly line: BookLine;
  readonly index: number;
  /** The models' price when the firehose started, and the price it swings to. */
  readonly base: number;
  readonly alt: number;
}

/** The price one step up from `price`: +2 %, to the cent, always a different price. */
export function swingPrice(price: number): number {
  return Math.round(price * 102) / 100;
}

export class Firehose {
  private readonly targets: Target[] = [];
  private next = 0;
  /** Fractional requotes owed from earlier ticks (a rate below one per tick still flows). */
  private carry = 0;
  /** Price changes made since it started. */
  changes = 0;

  /** Targets every priced entry of `lines` (a fixture's books), `updatesPerSec` requotes a second. */
  constructor(
    readonly fixtureId: string,
    readonly updatesPerSec: number,
    lines: Iterable<BookLine>,
  ) {
    for (const line of lines) {
      line.entries.forEach((entry, index) => {
        if (entry !== undefined && line.oddsIds[index] !== undefined) this.targets.push({ line, index, base: entry.price, alt: swingPrice(entry.price) });
      });
    }
  }

  /** How many prices it cycles through. */
  get entries(): number {
    return this.targets.length;
  }

  /**
   * Requotes the next entries for `dtMs` of time at `nowMs`, round-robin, skipping inactive ones;
   * `changed` hears each (the simulator's oddsChanged). At most every entry once per call: the
   * feed keeps one state per oddsId per batch, so a second change in the same call would be lost.
   */
  step(dtMs: number, nowMs: number, changed: (oddsId: string, entry: OddsEntry) => void): void {
    if (this.targets.length === 0) return;
    const owed = this.carry + (this.updatesPerSec * dtMs) / 1000;
    const count = Math.min(Math.floor(owed), this.targets.length);
    this.carry = Math.min(owed - count, this.targets.length);
    let done = 0;
    for (let tries = 0; done < count && tries < this.targets.length; tries++) {
      const target = this.targets[this.next];
      this.next = (this.next + 1) % this.targets.length;
      if (target === undefined) continue;
      const entry = target.line.entries[target.index];
      const oddsId = target.line.oddsIds[target.index];
      if (entry === undefined || oddsId === undefined || !entry.active) continue;
      const price = entry.price === target.alt ? target.base : target.alt;
      entry.price = price;
      entry.priceAmerican = decimalToAmerican(price);
      entry.changedAt = nowMs;
      changed(oddsId, entry);
      done++;
    }
    this.changes += done;
  }
}
