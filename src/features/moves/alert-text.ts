// An alert in words and its link, the same in the alert list and in a browser notification: a move
// (move-text.ts), a +EV price or an arbitrage (the opportunities scanner's names for the fixture,
// market and selections; book names from the bookmakers list; prices in the trader's format).
import type { AlertCandidate } from '../../domain/alert-rules.ts';
import type { MoveEvent } from '../../domain/moves.ts';
import { formatEv } from '../../domain/opportunities.ts';
import { moveBooksText, moveTitle } from './move-text.ts';
import type { MoveLabel } from './use-move-labels.ts';

export interface AlertWords {
  readonly nameOf: (slug: string) => string;
  /** A decimal price as the trader reads prices. */
  readonly price: (decimal: number) => string;
  /** A move's names, when loaded. */
  readonly moveLabel: (move: MoveEvent) => MoveLabel | undefined;
}

/**
 * `Steam ▲ shortening 2.6 pts: Home – Away, Match result 1`,
 * `+EV +5.2%: Home – Away, Match result Home`, `Arbitrage +1.3%: Home – Away, Match result`.
 */
export function alertTitle(candidate: AlertCandidate, words: AlertWords): string {
  switch (candidate.kind) {
    case 'move':
      return moveTitle(candidate.move, words.moveLabel(candidate.move));
    case 'ev': {
      const { ev } = candidate;
      return `+EV ${formatEv(ev.ev)}: ${ev.fixtureName}, ${ev.marketName} ${ev.outcomeName}`;
    }
    case 'arbitrage': {
      const { arbitrage } = candidate;
      return `Arbitrage ${formatEv(arbitrage.profitRatio)}: ${arbitrage.fixtureName}, ${arbitrage.marketName}`;
    }
    default: {
      const unknown: never = candidate;
      throw new Error(`unknown alert ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The books: `Moved: bet365, Unibet. Still on the old price: Pinnacle.`, `At Unibet 2.10; fair 2.00.`,
 * `Home at Unibet 2.60; Draw at bet365 3.60; Away at Pinnacle 2.90.`
 */
export function alertBooksText(candidate: AlertCandidate, words: AlertWords): string {
  switch (candidate.kind) {
    case 'move':
      return moveBooksText(candidate.move, words.nameOf);
    case 'ev': {
      const { ev } = candidate;
      return `At ${words.nameOf(ev.bookmaker)} ${words.price(ev.price)}; fair ${words.price(ev.fairPrice)}.`;
    }
    case 'arbitrage':
      return `${candidate.arbitrage.legs.map((leg) => `${leg.outcomeName} at ${words.nameOf(leg.bookmaker)} ${words.price(leg.price)}`).join('; ')}.`;
    default: {
      const unknown: never = candidate;
      throw new Error(`unknown alert ${JSON.stringify(unknown)}`);
    }
  }
}

/** The fixture's odds screen, on the price (EV) or the first leg (arbitrage) where there is one. */
export function alertHref(candidate: AlertCandidate): string {
  switch (candidate.kind) {
    case 'move':
      return `/fixtures/${encodeURIComponent(candidate.move.fixtureId)}`;
    case 'ev':
      return `/fixtures/${encodeURIComponent(candidate.ev.fixtureId)}?cell=${encodeURIComponent(candidate.ev.oddsId)}`;
    case 'arbitrage': {
      const first = candidate.arbitrage.legs[0];
      const path = `/fixtures/${encodeURIComponent(candidate.arbitrage.fixtureId)}`;
      return first === undefined ? path : `${path}?cell=${encodeURIComponent(first.oddsId)}`;
    }
    default: {
      const unknown: never = candidate;
      throw new Error(`unknown alert ${JSON.stringify(unknown)}`);
    }
  }
}

/** The slugs of the books an alert names: moved books, the EV price's book, or the legs' books. */
export function alertBooks(candidate: AlertCandidate): readonly string[] {
  switch (candidate.kind) {
    case 'move':
      return candidate.move.moved.map((b) => b.bookmaker);
    case 'ev':
      return [candidate.ev.bookmaker];
    case 'arbitrage':
      return candidate.arbitrage.legs.map((leg) => leg.bookmaker);
    default: {
      const unknown: never = candidate;
      throw new Error(`unknown alert ${JSON.stringify(unknown)}`);
    }
  }
}
