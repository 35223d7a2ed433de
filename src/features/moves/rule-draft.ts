// An alert rule as the rule form edits it: every field as typed (numbers as text), for any kind,
// so switching the kind keeps what was typed; turned into a rule (which the store validates,
// field by field) on save.
import type { AlertRule, LiveScope } from '../../domain/alert-rules.ts';
import type { MoveKind } from '../../domain/moves.ts';
import { formatPoints, KIND_LABEL } from './move-text.ts';

export interface RuleDraft {
  /** The rule edited; null: a new rule. */
  readonly id: string | null;
  readonly kind: AlertRule['kind'];
  readonly name: string;
  readonly enabled: boolean;
  readonly notify: boolean;
  readonly repeatMinutes: string;
  readonly moveKinds: readonly MoveKind[];
  readonly minPoints: string;
  readonly includeLive: boolean;
  /** EV or arbitrage minimum, percent. */
  readonly minPercent: string;
  readonly books: readonly string[];
  readonly live: LiveScope;
  /** EV rules' maximum price as typed; blank: any price. */
  readonly maxPrice: string;
}

export const NEW_RULE: RuleDraft = {
  id: null,
  kind: 'move',
  name: '',
  enabled: true,
  notify: true,
  repeatMinutes: '10',
  moveKinds: ['steam'],
  minPoints: '0',
  includeLive: false,
  minPercent: '1',
  books: [],
  live: 'all',
  maxPrice: '',
};

export const RULE_KIND_LABEL: Readonly<Record<AlertRule['kind'], string>> = { move: 'Moves', ev: '+EV at my books', arbitrage: 'Arbitrage' };

/** A number typed in a field; blank is no number (not 0). */
function typed(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

/** The draft of a saved rule. */
export function draftOf(rule: AlertRule): RuleDraft {
  const base = { ...NEW_RULE, id: rule.id, kind: rule.kind, name: rule.name, enabled: rule.enabled, notify: rule.notify, repeatMinutes: String(rule.repeatMinutes) };
  switch (rule.kind) {
    case 'move':
      return { ...base, moveKinds: rule.moveKinds, minPoints: String(rule.minPoints), includeLive: rule.includeLive };
    case 'ev':
      return { ...base, minPercent: String(rule.minPercent), books: rule.books, live: rule.live, maxPrice: rule.maxPrice === null ? '' : String(rule.maxPrice) };
    case 'arbitrage':
      return { ...base, minPercent: String(rule.minPercent) };
    default: {
      const unknown: never = rule;
      throw new Error(`unknown alert rule ${JSON.stringify(unknown)}`);
    }
  }
}

/** The rule a draft saves as (`newId` for a new one); only the fields of its kind. */
export function ruleOf(draft: RuleDraft, newId: string): AlertRule {
  const base = { id: draft.id ?? newId, name: draft.name, enabled: draft.enabled, notify: draft.notify, repeatMinutes: typed(draft.repeatMinutes) };
  switch (draft.kind) {
    case 'move':
      return { ...base, kind: 'move', moveKinds: draft.moveKinds, minPoints: typed(draft.minPoints), includeLive: draft.includeLive };
    case 'ev':
      return { ...base, kind: 'ev', minPercent: typed(draft.minPercent), books: draft.books, live: draft.live, maxPrice: draft.maxPrice.trim() === '' ? null : typed(draft.maxPrice) };
    case 'arbitrage':
      return { ...base, kind: 'arbitrage', minPercent: typed(draft.minPercent) };
    default: {
      const unknown: never = draft.kind;
      throw new Error(`unknown alert rule kind ${String(unknown)}`);
    }
  }
}

const LIVE_TEXT: Readonly<Record<LiveScope, string>> = { all: 'pre-game and in play', live: 'in play only', pregame: 'pre-game only' };

/** `Steam of 2.0 pts or more, pre-game only`, `+EV of 2 % or more at Pinnacle, bet365, pre-game and in play`, `Arbitrage of 0.5 % or more`. */
export function ruleSummary(rule: AlertRule, nameOf: (slug: string) => string): string {
  switch (rule.kind) {
    case 'move':
      return `${rule.moveKinds.map((k) => KIND_LABEL[k]).join(' and ')}${rule.minPoints > 0 ? ` of ${formatPoints(rule.minPoints)} or more` : ''}, ${rule.includeLive ? 'pre-game and in play' : 'pre-game only'}`;
    case 'ev':
      return `+EV of ${String(rule.minPercent)} % or more at ${rule.books.length === 0 ? 'any book' : rule.books.map(nameOf).join(', ')}${rule.maxPrice === null ? '' : `, prices up to ${String(rule.maxPrice)}`}, ${LIVE_TEXT[rule.live]}`;
    case 'arbitrage':
      return `Arbitrage of ${String(rule.minPercent)} % or more (net of commission)`;
    default: {
      const unknown: never = rule;
      throw new Error(`unknown alert rule ${JSON.stringify(unknown)}`);
    }
  }
}
