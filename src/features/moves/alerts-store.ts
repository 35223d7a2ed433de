// The alerts raised in this page (src/domain/alert-rules.ts): a list, newest first, how many are
// unread, and the last raise per rule and subject for "do not repeat within". Kept per page in
// memory: a new tab starts with none (moves from before it opened raise nothing).
import { create } from 'zustand';
import { raiseAlerts, type Alert, type AlertCandidate, type AlertRule } from '../../domain/alert-rules.ts';

/** Most alerts kept in the list. */
const MAX_ALERTS = 100;

export interface AlertsState {
  readonly alerts: readonly Alert[];
  readonly unread: number;
  readonly lastRaised: ReadonlyMap<string, number>;
  /** Raises what `candidates` raise under `rules` at `nowMs`; answers the new alerts. */
  readonly raise: (rules: readonly AlertRule[], candidates: readonly AlertCandidate[], nowMs: number) => readonly Alert[];
  readonly markRead: () => void;
  readonly clear: () => void;
}

export function createAlertsStore() {
  return create<AlertsState>()((set, get) => ({
    alerts: [],
    unread: 0,
    lastRaised: new Map(),
    raise: (rules, candidates, nowMs) => {
      const { alerts, lastRaised } = raiseAlerts(rules, candidates, get().lastRaised, nowMs);
      if (alerts.length === 0) return alerts;
      set((state) => ({ alerts: [...alerts, ...state.alerts].slice(0, MAX_ALERTS), unread: state.unread + alerts.length, lastRaised }));
      return alerts;
    },
    markRead: () => {
      set({ unread: 0 });
    },
    clear: () => {
      set({ alerts: [], unread: 0 });
    },
  }));
}

export const useAlertsStore = createAlertsStore();
