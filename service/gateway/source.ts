// The gateway's port on the simulator: the change feed, the simulation clock, and the sport,
// tournament and phase of a fixture or future, which entitlements and filters are decided on.
import type { ChangeListener } from '../sim/change-feed.ts';
import type { Simulator } from '../sim/simulator.ts';
import type { EventScope } from './subscription.ts';
import { isLive } from '../../src/wire/status.ts';

export interface GatewaySource {
  /** Registers the listener of per-tick change batches; returns its remover. */
  onChange(listener: ChangeListener): () => void;
  /** The simulation clock (epoch ms): the clock of `ts` and of every entryId. */
  now(): number;
  /** null for a fixture the simulator does not hold (never seen, or dropped by retention). */
  fixtureScope(fixtureId: string): EventScope | null;
  futureScope(futureId: string): EventScope | null;
}

/** The simulator as the gateway's source. */
export function simulatorSource(simulator: Simulator): GatewaySource {
  return {
    onChange: (listener) => simulator.onChange(listener),
    now: () => simulator.now(),
    fixtureScope(fixtureId) {
      const record = simulator.fixtureRecord(fixtureId);
      if (record === undefined) return null;
      return { sportId: record.planned.sportId, tournamentId: record.planned.tournamentId, live: isLive(record.statusId) };
    },
    futureScope(futureId) {
      const record = simulator.futures.record(futureId);
      if (record === undefined) return null;
      return { sportId: record.sportId, tournamentId: record.tournamentId, live: isLive(record.statusId) };
    },
  };
}
