// Alert rules (docs/domain.md, "Alerts"): what the trader wants to hear about, and the one rule
// that keeps an alert from repeating. Rules are a discriminated union on `kind` — moves, EV ≥ x at
// my books, arbitrage ≥ y — each with its candidate kind and a case in `matches`. Pure: the time
// is passed in.
import type { MoveEvent, MoveKind } from './moves.ts';

/** What every rule has. */
interface RuleBase {
  /** Unique among the rules of a service. */
  readonly id: string;
  readonly name: string;
  readonly enabled: boolean;
  /** The same subject raises this rule's alert again only after this many minutes (≥ 0). */
  readonly repeatMinutes: number;
  /** Also show a browser notification (when the user allowed them). */
  readonly notify: boolean;
}

/** A move rule: moves of these kinds at least this big. */
export interface MoveRule extends RuleBase {
  readonly kind: 'move';
  readonly moveKinds: readonly MoveKind[];
  /** Implied points; 0: every move of those kinds. */
  readonly minPoints: number;
  /** Also moves in play, where a goal moves every price at every book (off: pre-game only). */
  readonly includeLive: boolean;
}

/** Which fixtures an EV rule hears about: in play, pre-game, or both. */
export type LiveScope = 'all' | 'live' | 'pregame';

/** An EV rule: a price at a book I can bet at whose EV against the fair line is at least this. */
export interface EvRule extends RuleBase {
  readonly kind: 'ev';
  /** Minimum EV, percent (2: EV ≥ +2.0 %). */
  readonly minPercent: number;
  /** The books I can bet at (slugs); empty: every book. */
  readonly books: readonly string[];
  readonly live: LiveScope;
  /** Highest decimal price (a long shot's fair line is the least sure); null: any price. */
  readonly maxPrice: number | null;
}

/** An arbitrage rule: a cross-book arbitrage whose guaranteed return, net of commission, is at least this. */
export interface ArbitrageRule extends RuleBase {
  readonly kind: 'arbitrage';
  /** Minimum guaranteed return, percent (0.5: ≥ +0.5 %). */
  readonly minPercent: number;
}

/** Every kind of rule. */
export type AlertRule = MoveRule | EvRule | ArbitrageRule;

/** A +EV price as the opportunities scanner reports it (the part an alert needs). */
export interface EvOpportunity {
  readonly oddsId: string;
  readonly fixtureId: string;
  readonly fixtureName: string;
  readonly marketName: string;
  readonly outcomeName: string;
  readonly bookmaker: string;
  readonly price: number;
  readonly fairPrice: number;
  /** p·net − 1, unrounded. */
  readonly ev: number;
  readonly live: boolean;
}

/** A cross-book arbitrage as the opportunities scanner reports it (the part an alert needs). */
export interface ArbitrageOpportunity {
  readonly fixtureId: string;
  readonly fixtureName: string;
  readonly marketName: string;
  /** Guaranteed return per unit staked, net of commission: 1/Σ − 1, unrounded. */
  readonly profitRatio: number;
  readonly live: boolean;
  /** In the catalogue's outcome order. */
  readonly legs: readonly { readonly oddsId: string; readonly outcomeName: string; readonly bookmaker: string; readonly price: number }[];
}

/**
 * Something that may raise an alert. `subject` names what "the same thing" is for "do not
 * repeat within": a move's kind, selection and direction, so a steam that gains a fourth book is
 * not a second alert, while the same selection steaming the other way is; a +EV price's oddsId
 * (selection and book), whatever its EV does next; an arbitrage's legs (each selection and its
 * book), so an arbitrage that keeps its legs while its prices move is not a second alert, while
 * one that moves a leg to another book is.
 */
export type AlertCandidate =
  | { readonly kind: 'move'; readonly subject: string; readonly move: MoveEvent }
  | { readonly kind: 'ev'; readonly subject: string; readonly ev: EvOpportunity }
  | { readonly kind: 'arbitrage'; readonly subject: string; readonly arbitrage: ArbitrageOpportunity };

/** A raised alert. */
export interface Alert {
  /** `{ruleId}|{subject}|{atMs}`: unique per raise. */
  readonly id: string;
  readonly ruleId: string;
  readonly ruleName: string;
  readonly candidate: AlertCandidate;
  readonly notify: boolean;
  readonly atMs: number;
}

/** The candidate of a move. */
export function moveCandidate(move: MoveEvent): AlertCandidate {
  return { kind: 'move', subject: `${move.kind}:${move.selectionKey}:${move.direction}`, move };
}

/** The candidate of a +EV price: its subject is the price's oddsId (selection and book). */
export function evCandidate(ev: EvOpportunity): AlertCandidate {
  return { kind: 'ev', subject: `ev:${ev.oddsId}`, ev };
}

/** The candidate of an arbitrage: its subject is the set of its legs' oddsIds (selection and book each), sorted. */
export function arbitrageCandidate(arbitrage: ArbitrageOpportunity): AlertCandidate {
  return { kind: 'arbitrage', subject: `arb:${arbitrage.legs.map((leg) => leg.oddsId).sort().join(',')}`, arbitrage };
}

/** Whether a fixture live (or not) is in the scope. */
function inScope(scope: LiveScope, live: boolean): boolean {
  return scope === 'all' || (scope === 'live') === live;
}

/**
 * Whether `rule` asks for `candidate` (its kind and thresholds; not its repeat window). The
 * thresholds compare the unrounded ratio with percent / 100: an EV of 1.96 % (shown "+2.0%")
 * does not reach a 2 % rule.
 */
export function matches(rule: AlertRule, candidate: AlertCandidate): boolean {
  if (!rule.enabled) return false;
  switch (rule.kind) {
    case 'move': {
      if (candidate.kind !== 'move') return false;
      const { move } = candidate;
      return rule.moveKinds.includes(move.kind) && move.points >= rule.minPoints && (rule.includeLive || !move.live);
    }
    case 'ev': {
      if (candidate.kind !== 'ev') return false;
      const { ev } = candidate;
      return (
        ev.ev >= rule.minPercent / 100 &&
        (rule.maxPrice === null || ev.price <= rule.maxPrice) &&
        (rule.books.length === 0 || rule.books.includes(ev.bookmaker)) &&
        inScope(rule.live, ev.live)
      );
    }
    case 'arbitrage':
      return candidate.kind === 'arbitrage' && candidate.arbitrage.profitRatio >= rule.minPercent / 100;
    default: {
      const unknown: never = rule;
      throw new Error(`unknown alert rule ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The alerts `candidates` raise at `nowMs`, and the last raise per `{ruleId}|{subject}` after
 * them: a rule raises for a subject unless it last did so less than `repeatMinutes` ago. Each
 * rule raises at most once per subject per call.
 */
export function raiseAlerts(
  rules: readonly AlertRule[],
  candidates: readonly AlertCandidate[],
  lastRaised: ReadonlyMap<string, number>,
  nowMs: number,
): { readonly alerts: Alert[]; readonly lastRaised: Map<string, number> } {
  const next = new Map(lastRaised);
  const alerts: Alert[] = [];
  for (const rule of rules) {
    for (const candidate of candidates) {
      if (!matches(rule, candidate)) continue;
      const key = `${rule.id}|${candidate.subject}`;
      const last = next.get(key);
      if (last !== undefined && nowMs - last < rule.repeatMinutes * 60_000) continue;
      next.set(key, nowMs);
      alerts.push({ id: `${key}|${String(nowMs)}`, ruleId: rule.id, ruleName: rule.name, candidate, notify: rule.notify, atMs: nowMs });
    }
  }
  return { alerts, lastRaised: next };
}

/** What is wrong with a rule, per field (empty: valid). */
export function ruleProblems(rule: AlertRule): { readonly field: string; readonly message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const name = rule.name.trim();
  if (name === '' || name.length > 60) problems.push({ field: 'name', message: 'Name: 1 to 60 characters.' });
  if (!(Number.isFinite(rule.repeatMinutes) && rule.repeatMinutes >= 0 && rule.repeatMinutes <= 1440)) {
    problems.push({ field: 'repeatMinutes', message: 'Do not repeat within: minutes from 0 to 1440.' });
  }
  switch (rule.kind) {
    case 'move':
      if (rule.moveKinds.length === 0) problems.push({ field: 'moveKinds', message: 'Moves: choose steam, dropping odds or both.' });
      if (!(Number.isFinite(rule.minPoints) && rule.minPoints >= 0 && rule.minPoints < 100)) {
        problems.push({ field: 'minPoints', message: 'Minimum size: points from 0 to below 100.' });
      }
      break;
    case 'ev':
      if (!(Number.isFinite(rule.minPercent) && rule.minPercent > 0 && rule.minPercent <= 100)) {
        problems.push({ field: 'minPercent', message: 'Minimum EV: a percentage above 0 and at most 100.' });
      }
      if (rule.maxPrice !== null && !(Number.isFinite(rule.maxPrice) && rule.maxPrice >= 1.01 && rule.maxPrice <= 10_000)) {
        problems.push({ field: 'maxPrice', message: 'Maximum price: a decimal price from 1.01 to 10,000, or blank for any price.' });
      }
      if (rule.books.length > MAX_RULE_BOOKS || rule.books.some((b) => b.trim() === '')) {
        problems.push({ field: 'books', message: `Books I can bet at: at most ${String(MAX_RULE_BOOKS)} books, none blank.` });
      }
      break;
    case 'arbitrage':
      if (!(Number.isFinite(rule.minPercent) && rule.minPercent > 0 && rule.minPercent <= 100)) {
        problems.push({ field: 'minPercent', message: 'Minimum arbitrage: a percentage above 0 and at most 100.' });
      }
      break;
    default: {
      const unknown: never = rule;
      throw new Error(`unknown alert rule ${JSON.stringify(unknown)}`);
    }
  }
  return problems;
}

/** Most books an EV rule may name (a service has tens of books). */
export const MAX_RULE_BOOKS = 100;

/**
 * The rule every service starts with: every pre-game steam, not repeated within 10 minutes,
 * notified. Pre-game only: in play one goal steams every selection of the fixture at once.
 */
export const DEFAULT_ALERT_RULES: readonly AlertRule[] = [
  { id: 'steam', name: 'Pre-game steam', kind: 'move', moveKinds: ['steam'], minPoints: 0, includeLive: false, enabled: true, repeatMinutes: 10, notify: true },
];

/**
 * What the opportunities scan must report for the enabled EV and arbitrage rules to be judged:
 * the lowest EV threshold, the union of their books (null: some rule takes every book), the
 * fixtures (one scope when every EV rule has the same, else all), and the lowest arbitrage
 * threshold; null where no enabled rule of that kind exists, and null overall when neither does.
 * Every row a rule matches is at or above these, so the scan leaves out nothing a rule needs
 * (until its cap on rows: docs/domain.md, "Alerts").
 */
export interface OpportunityWatch {
  readonly ev: { readonly minPercent: number; readonly books: readonly string[] | null; readonly live: LiveScope; readonly maxPrice: number | null } | null;
  readonly arbitrage: { readonly minPercent: number } | null;
}

/** The watch `rules` need (see `OpportunityWatch`). */
export function opportunityWatchOf(rules: readonly AlertRule[]): OpportunityWatch | null {
  const evRules = rules.filter((r): r is EvRule => r.enabled && r.kind === 'ev');
  const arbRules = rules.filter((r): r is ArbitrageRule => r.enabled && r.kind === 'arbitrage');
  if (evRules.length === 0 && arbRules.length === 0) return null;
  let ev: OpportunityWatch['ev'] = null;
  const [firstEv] = evRules;
  if (firstEv !== undefined) {
    const every = evRules.some((r) => r.books.length === 0);
    ev = {
      minPercent: Math.min(...evRules.map((r) => r.minPercent)),
      books: every ? null : [...new Set(evRules.flatMap((r) => r.books))].sort(),
      live: evRules.every((r) => r.live === firstEv.live) ? firstEv.live : 'all',
      // The highest cap (none when some rule has none): the watch's top rows are by EV, so long
      // shots no rule wants must not fill them.
      maxPrice: evRules.some((r) => r.maxPrice === null) ? null : Math.max(...evRules.map((r) => r.maxPrice ?? 0)),
    };
  }
  const arbitrage = arbRules.length === 0 ? null : { minPercent: Math.min(...arbRules.map((r) => r.minPercent)) };
  return { ev, arbitrage };
}
