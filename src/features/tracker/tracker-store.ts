// The tracked bets of each service, kept in localStorage under the service's base URL. A list of
// a few thousand bets is a few hundred kB, well inside the ~5 MB browsers give an origin, so
// localStorage (synchronous, no wrapper) suffices. The stored text is the tracker's own CSV, so
// what is read back is validated by the import and storage round-trips exactly as export does.
import { DEFAULT_SHARP_BOOK, type ClvReferenceChoice } from '../../domain/closing-line.ts';
import { trackedBetsFromCsv, trackedBetsToCsv, TrackedBetCsvError } from '../../domain/tracked-bet-csv.ts';
import { checkTrackedBet, type TrackedBet } from '../../domain/tracked-bet.ts';

const KEY_PREFIX = 'odds-explorer.tracker.v1:';

/** The storage key of the bets tracked against `baseUrl` (trailing slashes ignored). */
export function trackerStorageKey(baseUrl: string): string {
  return `${KEY_PREFIX}${baseUrl.replace(/\/+$/u, '')}`;
}

const REFERENCE_PREFIX = 'odds-explorer.tracker-reference.v1:';

/** The reference the tracker judges bets against until the user picks another: the consensus close. */
export const DEFAULT_TRACKER_REFERENCE: ClvReferenceChoice = { kind: 'consensus', sharpBook: DEFAULT_SHARP_BOOK };

/** The storage key of the tracker's chosen reference for `baseUrl` (trailing slashes ignored). */
export function trackerReferenceKey(baseUrl: string): string {
  return `${REFERENCE_PREFIX}${baseUrl.replace(/\/+$/u, '')}`;
}

/** The reference chosen on the tracker of `baseUrl`; the default when none was stored or it cannot be read. */
export function readTrackerReference(backend: TrackerBackend, baseUrl: string): ClvReferenceChoice {
  try {
    const stored: unknown = JSON.parse(backend.getItem(trackerReferenceKey(baseUrl)) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return DEFAULT_TRACKER_REFERENCE;
    const { kind, sharpBook } = stored as { kind?: unknown; sharpBook?: unknown };
    if ((kind !== 'same-book' && kind !== 'sharp' && kind !== 'consensus') || typeof sharpBook !== 'string' || sharpBook === '') return DEFAULT_TRACKER_REFERENCE;
    return { kind, sharpBook };
  } catch {
    // Unreadable JSON or storage the page may not use: the default reference.
    return DEFAULT_TRACKER_REFERENCE;
  }
}

/** Keeps the tracker's chosen reference for `baseUrl`; a browser that refuses to store keeps it for this page only. */
export function writeTrackerReference(backend: TrackerBackend, baseUrl: string, choice: ClvReferenceChoice): void {
  try {
    backend.setItem(trackerReferenceKey(baseUrl), JSON.stringify({ kind: choice.kind, sharpBook: choice.sharpBook }));
  } catch {
    // Storage full or disabled: the choice holds until the page is left.
  }
}

/** The bets of one service, or why they cannot be read (then nothing is written over them). */
export interface TrackerLoad {
  readonly bets: readonly TrackedBet[];
  readonly problem: string | null;
}

/** Storage as the store uses it (window.localStorage, or a stand-in in tests). */
export type TrackerBackend = Pick<Storage, 'getItem' | 'setItem'>;

/** A change the store refused: nothing stored was changed. */
export class TrackerStoreError extends Error {
  override readonly name = 'TrackerStoreError';
}

type Listener = () => void;

/**
 * The tracked bets of one service. Every change is written through at once; a write that fails
 * (storage full or disabled) or a stored list that cannot be read refuses the change with a
 * TrackerStoreError, leaving what is stored as it was.
 */
export class TrackerStore {
  private state: TrackerLoad;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly backend: TrackerBackend,
    private readonly baseUrl: string,
  ) {
    this.state = this.read();
  }

  private read(): TrackerLoad {
    let raw: string | null;
    try {
      raw = this.backend.getItem(trackerStorageKey(this.baseUrl));
    } catch {
      return { bets: [], problem: 'This browser does not let the page use its storage: bets cannot be kept.' };
    }
    if (raw === null) return { bets: [], problem: null };
    try {
      return { bets: trackedBetsFromCsv(raw), problem: null };
    } catch (error) {
      if (!(error instanceof TrackedBetCsvError)) throw error;
      return { bets: [], problem: `The stored bets cannot be read (${error.message}); they are left untouched.` };
    }
  }

  /** The current list (a new array after each change, for useSyncExternalStore). */
  readonly getSnapshot = (): TrackerLoad => this.state;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private write(bets: readonly TrackedBet[]): void {
    if (this.state.problem !== null) throw new TrackerStoreError(this.state.problem);
    try {
      this.backend.setItem(trackerStorageKey(this.baseUrl), trackedBetsToCsv(bets));
    } catch {
      throw new TrackerStoreError('The browser refused to store the bets (storage full or disabled); nothing was changed.');
    }
    this.state = { bets, problem: null };
    for (const listener of this.listeners) listener();
  }

  /** Adds a bet (checked: price > 1, stake > 0, …). @throws TrackedBetError, TrackerStoreError */
  add(bet: TrackedBet): void {
    checkTrackedBet(bet);
    if (this.state.bets.some((b) => b.id === bet.id)) throw new TrackerStoreError(`A bet with id ${bet.id} is already tracked.`);
    this.write([...this.state.bets, bet]);
  }

  /** Replaces the bets with the same ids (their close or grade became known). */
  update(changed: readonly TrackedBet[]): void {
    if (changed.length === 0) return;
    const byId = new Map(changed.map((bet) => [bet.id, bet]));
    this.write(this.state.bets.map((bet) => byId.get(bet.id) ?? bet));
  }

  remove(id: string): void {
    this.write(this.state.bets.filter((bet) => bet.id !== id));
  }

  /** The list as CSV. */
  exportCsv(): string {
    return trackedBetsToCsv(this.state.bets);
  }

  /**
   * Imports a CSV: all of it or, on any bad row, none of it (TrackedBetCsvError names the row and
   * field). A bet whose id is already tracked is replaced by the imported one. Returns how many
   * bets were read.
   */
  importCsv(text: string): number {
    const imported = trackedBetsFromCsv(text);
    const ids = new Set(imported.map((bet) => bet.id));
    this.write([...this.state.bets.filter((bet) => !ids.has(bet.id)), ...imported]);
    return imported.length;
  }
}
