// Alert rules (docs/domain.md, "Alerts"): what the trader wants to hear about, and the one rule
// that keeps an alert from repeating. Rules are a discriminated union on `kind`; a scanner plugs
// in by adding its rule kind and its candidate kind (an EV ≥ x rule at my books, an arbitrage ≥ y
// rule from the opportunities scanner) and a case in `matches`. Pure: the time is passed in.
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

/** Every kind of rule (EV and arbitrage rules join here). */
export type AlertRule = MoveRule;

/**
 * Something that may raise an alert. `subject` names what "the same thing" is for "do not
 * repeat within": a move's kind, selection and direction, so a steam that gains a fourth book is
 * not a second alert, while the same selection steaming the other way is.
 */
export type AlertCandidate = { readonly kind: 'move'; readonly subject: string; readonly move: MoveEvent };

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

/** Whether `rule` asks for `candidate` (its kind and thresholds; not its repeat window). */
export function matches(rule: AlertRule, candidate: AlertCandidate): boolean {
  if (!rule.enabled) return false;
  // One kind of rule and of candidate today; an EV or arbitrage rule adds its branch on `rule.kind`.
  const { move } = candidate;
  return rule.moveKinds.includes(move.kind) && move.points >= rule.minPoints && (rule.includeLive || !move.live);
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
  if (rule.moveKinds.length === 0) problems.push({ field: 'moveKinds', message: 'Moves: choose steam, dropping odds or both.' });
  if (!(Number.isFinite(rule.minPoints) && rule.minPoints >= 0 && rule.minPoints < 100)) {
    problems.push({ field: 'minPoints', message: 'Minimum size: points from 0 to below 100.' });
  }
  return problems;
}

/**
 * The rule every service starts with: every pre-game steam, not repeated within 10 minutes,
 * notified. Pre-game only: in play one goal steams every selection of the fixture at once.
 */
export const DEFAULT_ALERT_RULES: readonly AlertRule[] = [
  { id: 'steam', name: 'Pre-game steam', kind: 'move', moveKinds: ['steam'], minPoints: 0, includeLive: false, enabled: true, repeatMinutes: 10, notify: true },
];
