// The moves feed, kept in the stream worker beside the mirror book (docs/architecture.md, "Moves"):
// every odds op the mirror applies is read back from it (so the ordering rules have already
// dropped older or repeated prices), each (selection, book) keeps its prices of the steam window,
// and the selections changed by a batch are judged once per batch by src/domain/moves.ts. Openings
// (OLV) for dropping odds come from `GET /fixtures/odds/clv`, one fixture at a time within a
// small request budget, since the spec has no list form of that endpoint.
import { isBookmakerStale, type BookOp, type LiveBook } from '../book/book.ts';
import {
  DEFAULT_MOVE_SETTINGS,
  detectDrop,
  detectSteam,
  dropMovedBooks,
  moveSettingsProblems,
  steamMovedBooks,
  trimPrices,
  type BookQuotes,
  type MoveEvent,
  type MoveSettings,
  type PricePoint,
} from '../domain/moves.ts';

/** Openings per oddsId of one fixture (its OLV prices and times). */
export type Openings = ReadonlyMap<string, PricePoint>;

export interface MovesWatchOptions {
  /** The mirror book: current prices and bookmaker metas (stale, suspended). */
  readonly book: LiveBook;
  readonly now: () => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  /** Hears the whole feed, newest first, at most once per `notifyEveryMs` after a change. */
  readonly onChange: (moves: readonly MoveEvent[]) => void;
  /** A fixture's openings (OLV); without one, no dropping odds are detected. */
  readonly fetchOpenings?: (fixtureId: string) => Promise<Openings>;
  /** Least time between two opening requests, ms (default 3,000: 20 a minute, a tenth of the spec's 200/min). */
  readonly openingsEveryMs?: number;
  /**
   * Asks for a REST snapshot of these fixtures' odds (to be applied as a seed): a fixture first
   * seen in a delta has no price yet for the books that did not move, and a book must have a
   * price to be named "still on the old price".
   */
  readonly requestBaseline?: (fixtureIds: readonly string[]) => void;
  readonly notifyEveryMs?: number;
  /** Most moves kept (oldest dropped first). */
  readonly maxMoves?: number;
}

export interface MovesWatch {
  /** Reads back from the book the prices these ops (already applied to it) touched, then judges. */
  observe(ops: readonly BookOp[]): void;
  setSettings(settings: MoveSettings): void;
  /** The feed now, newest first. */
  moves(): readonly MoveEvent[];
  /** Forgets everything (a new service). */
  reset(): void;
}

interface BookTrack {
  oddsId: string;
  prices: readonly PricePoint[];
}

interface SelectionTrack {
  readonly fixtureId: string;
  readonly marketId: number;
  readonly outcomeId: number;
  readonly playerId: number;
  readonly books: Map<string, BookTrack>;
  /** The open steam of this selection (updated while it holds). */
  steam: MoveEvent | null;
  drop: MoveEvent | null;
}

/** A fixture's openings are asked again, for oddsIds first seen since, after this long. */
const OPENINGS_REFRESH_MS = 10 * 60_000;

export function createMovesWatch(options: MovesWatchOptions): MovesWatch {
  const { book, now } = options;
  const openingsEveryMs = options.openingsEveryMs ?? 3_000;
  const notifyEveryMs = options.notifyEveryMs ?? 500;
  const maxMoves = options.maxMoves ?? 300;
  let settings = DEFAULT_MOVE_SETTINGS;
  let selections = new Map<string, SelectionTrack>();
  let feed = new Map<string, MoveEvent>();
  let dirty = new Set<string>();
  let notifyTimer: unknown = null;
  /** Bumped by reset: an answer of an older world is dropped. */
  let generation = 0;
  const openings = new Map<string, { readonly byOddsId: Openings; readonly atMs: number }>();
  const openingsQueue: string[] = [];
  const openingsAsked = new Set<string>();
  let openingsTimer: unknown = null;
  /** Fixtures whose every book's price is known (seeded) or asked for. */
  const baselined = new Set<string>();
  const baselineWanted: string[] = [];

  const windowMs = (): number => settings.steamMinutes * 60_000;

  function record(fixtureId: string, oddsId: string): void {
    const entry = book.getOdds(oddsId);
    if (entry === undefined) return;
    const key = `${fixtureId}:${String(entry.outcomeId)}:${String(entry.playerId)}`;
    let selection = selections.get(key);
    if (selection === undefined) {
      selection = { fixtureId, marketId: entry.marketId, outcomeId: entry.outcomeId, playerId: entry.playerId, books: new Map(), steam: null, drop: null };
      selections.set(key, selection);
    }
    const track = selection.books.get(entry.bookmaker);
    const point = { atMs: entry.changedAt, price: entry.price };
    if (track === undefined) {
      selection.books.set(entry.bookmaker, { oddsId, prices: [point] });
    } else {
      const last = track.prices[track.prices.length - 1];
      // A requote at the same price keeps the time the book has been on it.
      if (last !== undefined && (last.price === point.price || point.atMs < last.atMs)) return;
      track.prices = trimPrices([...track.prices, point], now(), windowMs());
    }
    dirty.add(key);
  }

  function recordOdds(fixtureId: string, byBookmaker: Readonly<Record<string, Readonly<Record<string, unknown>>>>): void {
    for (const bookmaker in byBookmaker) {
      const entries = byBookmaker[bookmaker];
      if (entries === undefined) continue;
      for (const oddsId in entries) record(fixtureId, oddsId);
    }
  }

  function quotesOf(selection: SelectionTrack): BookQuotes[] {
    const out: BookQuotes[] = [];
    for (const [bookmaker, track] of selection.books) {
      const entry = book.getOdds(track.oddsId);
      const meta = book.getBookmakerMeta(selection.fixtureId, bookmaker);
      // Stale or suspended books never count; a book without meta is judged on its prices alone.
      const fresh = meta === undefined || (!isBookmakerStale(meta) && !meta.meta.suspended);
      out.push({ bookmaker, prices: track.prices, counts: entry !== undefined && entry.active && entry.marketActive && fresh });
    }
    return out;
  }

  function judge(key: string, selection: SelectionTrack, at: number): boolean {
    let changed = false;
    const quotes = quotesOf(selection);
    const live = book.getFixture(selection.fixtureId)?.status?.live ?? false;
    const steam = detectSteam(quotes, at, settings);
    if (steam !== null) {
      const open = selection.steam;
      const { moved, still } = steamMovedBooks(steam);
      // One steam lasts while it holds the same way; a later one (after a quiet window) is a new move.
      const same = open !== null && open.direction === steam.direction && at - open.updatedAtMs <= windowMs();
      const base = same ? open : { id: `steam:${key}:${steam.direction}:${String(at)}`, detectedAtMs: at };
      const next: MoveEvent = {
        ...selectionFields(key, selection, live),
        id: base.id,
        kind: 'steam',
        direction: steam.direction,
        points: steam.points,
        moved,
        still,
        detectedAtMs: base.detectedAtMs,
        updatedAtMs: at,
      };
      if (!same || JSON.stringify(open.moved) !== JSON.stringify(moved) || JSON.stringify(open.still) !== JSON.stringify(still)) {
        selection.steam = next;
        feed.delete(next.id);
        feed.set(next.id, next);
        changed = true;
      }
    }
    const known = openings.get(selection.fixtureId);
    if (known === undefined || missingOpenings(selection, known.byOddsId)) askOpenings(selection.fixtureId, known?.atMs);
    if (known !== undefined) {
      const byBook = new Map<string, PricePoint>();
      for (const [bookmaker, track] of selection.books) {
        const opening = known.byOddsId.get(track.oddsId);
        if (opening !== undefined) byBook.set(bookmaker, opening);
      }
      const drop = detectDrop(quotes, byBook, settings);
      const id = `drop:${key}`;
      if (drop === null) {
        // A drop lists what is dropped now: a price back near its opening leaves the feed.
        if (selection.drop !== null) {
          feed.delete(id);
          selection.drop = null;
          changed = true;
        }
      } else {
        const { moved, still } = dropMovedBooks(drop);
        const before = selection.drop;
        if (before === null || JSON.stringify(before.moved) !== JSON.stringify(moved) || JSON.stringify(before.still) !== JSON.stringify(still)) {
          const next: MoveEvent = { ...selectionFields(key, selection, live), id, kind: 'drop', direction: 'shortening', points: drop.points, moved, still, detectedAtMs: before?.detectedAtMs ?? at, updatedAtMs: at };
          selection.drop = next;
          feed.delete(id);
          feed.set(id, next);
          changed = true;
        }
      }
    }
    return changed;
  }

  function missingOpenings(selection: SelectionTrack, byOddsId: Openings): boolean {
    for (const track of selection.books.values()) if (!byOddsId.has(track.oddsId)) return true;
    return false;
  }

  function askOpenings(fixtureId: string, lastAtMs: number | undefined): void {
    if (options.fetchOpenings === undefined || openingsAsked.has(fixtureId)) return;
    if (lastAtMs !== undefined && now() - lastAtMs < OPENINGS_REFRESH_MS) return;
    openingsAsked.add(fixtureId);
    openingsQueue.push(fixtureId);
    pumpOpenings();
  }

  function pumpOpenings(): void {
    const fetchOpenings = options.fetchOpenings;
    if (openingsTimer !== null || fetchOpenings === undefined) return;
    const fixtureId = openingsQueue.shift();
    if (fixtureId === undefined) return;
    const own = generation;
    const done = (byOddsId: Openings | null): void => {
      if (own !== generation) return;
      openingsAsked.delete(fixtureId);
      // A failed request is not retried before the refresh interval (the budget is small).
      openings.set(fixtureId, { byOddsId: byOddsId ?? openings.get(fixtureId)?.byOddsId ?? new Map(), atMs: now() });
      for (const [key, selection] of selections) if (selection.fixtureId === fixtureId) dirty.add(key);
      judgeDirty();
    };
    fetchOpenings(fixtureId).then(done, () => {
      done(null);
    });
    openingsTimer = options.setTimeout(() => {
      openingsTimer = null;
      pumpOpenings();
    }, openingsEveryMs);
  }

  function judgeDirty(): void {
    if (dirty.size === 0) return;
    const at = now();
    let changed = false;
    const keys = dirty;
    dirty = new Set();
    for (const key of keys) {
      const selection = selections.get(key);
      if (selection !== undefined && judge(key, selection, at)) changed = true;
    }
    if (!changed) return;
    while (feed.size > maxMoves) {
      const oldest = feed.keys().next().value;
      if (oldest === undefined) break;
      feed.delete(oldest);
    }
    scheduleNotify();
  }

  function scheduleNotify(): void {
    if (notifyTimer !== null) return;
    notifyTimer = options.setTimeout(() => {
      notifyTimer = null;
      options.onChange(list());
    }, notifyEveryMs);
  }

  function list(): MoveEvent[] {
    return [...feed.values()].sort((a, b) => b.updatedAtMs - a.updatedAtMs);
  }

  return {
    observe(ops) {
      for (const op of ops) {
        switch (op.op) {
          case 'update':
            if (op.frame.channel === 'odds') {
              const { fixtureId } = op.frame.payload;
              if (!baselined.has(fixtureId)) {
                baselined.add(fixtureId);
                baselineWanted.push(fixtureId);
              }
              recordOdds(fixtureId, op.frame.payload.odds);
            }
            break;
          case 'seed':
            for (const o of op.snapshot.odds) {
              baselined.add(o.fixtureId);
              recordOdds(o.fixtureId, o.odds);
            }
            break;
          case 'load':
            for (const o of op.dump.odds) record(o.fixtureId, o.oddsId);
            break;
          case 'reset':
            this.reset();
            break;
          default: {
            const unhandled: never = op;
            throw new Error(`unknown book op ${JSON.stringify(unhandled)}`);
          }
        }
      }
      if (baselineWanted.length > 0) options.requestBaseline?.(baselineWanted.splice(0));
      judgeDirty();
    },
    setSettings(next) {
      if (moveSettingsProblems(next).length > 0 || JSON.stringify(next) === JSON.stringify(settings)) return;
      settings = next;
      for (const key of selections.keys()) dirty.add(key);
      judgeDirty();
    },
    moves: list,
    reset() {
      generation++;
      selections = new Map();
      const hadMoves = feed.size > 0;
      feed = new Map();
      dirty = new Set();
      openings.clear();
      openingsQueue.length = 0;
      openingsAsked.clear();
      baselined.clear();
      baselineWanted.length = 0;
      if (hadMoves) scheduleNotify();
    },
  };
}

function selectionFields(key: string, selection: SelectionTrack, live: boolean): Pick<MoveEvent, 'fixtureId' | 'marketId' | 'outcomeId' | 'playerId' | 'selectionKey' | 'live'> {
  return { fixtureId: selection.fixtureId, marketId: selection.marketId, outcomeId: selection.outcomeId, playerId: selection.playerId, selectionKey: key, live };
}

/** A fixture's openings from its CLV answer: oddsId → the OLV price and time. */
export function openingsOfClv(odds: Readonly<Record<string, Readonly<Record<string, { readonly olv: { readonly price: number; readonly changedAt: number } }>>>>): Openings {
  const out = new Map<string, PricePoint>();
  for (const bookmaker in odds) {
    const entries = odds[bookmaker];
    if (entries === undefined) continue;
    for (const oddsId in entries) {
      const olv = entries[oddsId]?.olv;
      if (olv !== undefined) out.set(oddsId, { atMs: olv.changedAt, price: olv.price });
    }
  }
  return out;
}
