// Futures (outrights): one "winner" future per tournament season, priced from the participants'
// strengths (a softmax that drifts over time) and quoted by every bookmaker covering the sport.
import type { FutureOddsEntry } from '../../src/wire/shared-schemas.ts';
import type { Future } from '../../src/wire/rest-schemas.ts';
import { STATUS_NAMES } from '../../src/wire/shared-schemas.ts';
import { buildFutureId, buildFutureOddsId } from '../../src/domain/ids.ts';
import type { BookmakerProfile, ReferenceData, SeasonRef, TournamentRef } from '../catalogue/types.ts';
import { createRng } from '../pricing/rng.ts';
import type { Rng } from '../pricing/rng.ts';
import type { ChangeFeed } from './change-feed.ts';
import type { FuturePriceChange, LifecycleRecord } from '../storage/history-store.ts';
import type { QuotePort } from './model-port.ts';
import { isLive, isOpen, isOver } from '../../src/wire/status.ts';

/** What survives a restart of one future. */
export interface FutureRecord {
  readonly futureId: string;
  readonly sportId: number;
  readonly tournamentId: number;
  readonly seasonId: number;
  /** Epoch seconds. */
  readonly startTime: number;
  readonly endTime: number;
  statusId: 0 | 1 | 2 | 3;
  reissuedFutureId: string | null;
  readonly participantIds: number[];
  /** Log-scale strength drift per participant, same order. */
  drift: number[];
  winnerId: number | null;
  /** When it was settled or cancelled (epoch ms, a whole second); null while open. */
  settledAt: number | null;
}

/** How far back a first start seeds futures history, and at what pace. */
export interface FuturesSeedOptions {
  /** The seeded past (ms): SEED_PAST_DAYS, at least {@link MIN_SEED_PAST_MS}. */
  readonly pastMs: number;
  /** The requote pace of `step` (QUOTE_RATE); the past is seeded at most at the default pace. */
  readonly quoteRate: number;
}

/** In the seeded past, form and news move a future's chances every 10–50 minutes ÷ the quote rate. */
const NEWS_MIN_MS = 10 * 60_000;
const NEWS_SPAN_MS = 40 * 60_000;

/** Even with SEED_PAST_DAYS=0 the closed futures get a history to close on. */
export const MIN_SEED_PAST_MS = 6 * 3600_000;

/** Softmax temperature on the catalogue's log-scale strength: a ±0.6 spread gives favourites of 20–35 %. */
const STRENGTH_SCALE = 3;
/** Participants per future (the tournament's first ones; a long tail adds nothing to a demo). */
const MAX_PARTICIPANTS = 16;

/** Win probabilities of a future's participants from strength plus drift. */
export function winProbabilities(strengths: readonly number[], drift: readonly number[]): number[] {
  const weights = strengths.map((s, i) => Math.exp(STRENGTH_SCALE * s + (drift[i] ?? 0)));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

interface FutureBookLine {
  readonly book: BookmakerProfile;
  readonly entries: Map<number, FutureOddsEntry>;
  nextQuoteAtMs: number;
  readonly rng: Rng;
  /** The future's drift version this book last quoted: the same chances give the same prices. */
  quotedVersion: number;
}

export class FuturesBook {
  private readonly records = new Map<string, FutureRecord>();
  private readonly lines = new Map<string, FutureBookLine[]>();
  /** futureId → bookmaker → future oddsId → entry (the REST/stream shape). */
  private readonly odds = new Map<string, Record<string, Record<string, FutureOddsEntry>>>();
  private readonly strengths = new Map<number, number>();
  private readonly names = new Map<number, string>();
  private readonly dirty = new Set<string>();
  /** futureId → when form or news next moves its chances in the seeded past. */
  private readonly nextNewsAtMs = new Map<string, number>();
  /** futureId → how many times its chances moved (see FutureBookLine.quotedVersion). */
  private readonly driftVersions = new Map<string, number>();
  private readonly rng: Rng;

  constructor(
    private readonly ref: ReferenceData,
    seed: number,
    private readonly quoting: QuotePort,
    private readonly books: readonly BookmakerProfile[],
  ) {
    for (const p of ref.participants) {
      this.strengths.set(p.participantId, p.strength);
      this.names.set(p.participantId, p.participantName);
    }
    this.rng = createRng(`${String(seed)}/futures`);
  }

  private futureIdOf(tournament: TournamentRef, season: SeasonRef, marketNo: number): string {
    return buildFutureId({ providerSlug: 'id', sportId: tournament.sportId, seasonId: season.seasonId, futureMarketId: marketNo });
  }

  /**
   * First start: a winner future per current season (one of them cancelled and reissued), and a
   * settled one on a past season, with the price history `step` would have recorded over the
   * seeded past (every book at its normal requote pace): the futures open when the past begins,
   * the cancellation and the settlement fall in its middle. `record` may flush in between.
   */
  seed(nowMs: number, options: FuturesSeedOptions, record: (changes: readonly FuturePriceChange[]) => void): void {
    const nowSec = Math.floor(nowMs / 1000);
    const pastMs = Math.max(MIN_SEED_PAST_MS, options.pastMs);
    const fromMs = nowMs - pastMs;
    // A whole second, so the closing rows sit exactly at `settledAt` = endTime × 1000.
    const closeAtMs = Math.floor((fromMs + pastMs / 2) / 1000) * 1000;
    // A faster QUOTE_RATE applies from the start; seeding the past at it would not end.
    const rate = Math.min(1, options.quoteRate);
    let reissue: FutureRecord | null = null;
    let settle: FutureRecord | null = null;
    for (const tournament of this.ref.tournaments) {
      const seasons = this.ref.seasons.filter((s) => s.tournamentId === tournament.tournamentId);
      const participantIds = tournament.participantIds.slice(0, MAX_PARTICIPANTS);
      if (participantIds.length < 2) continue;
      for (const season of seasons) {
        if (!season.current && settle !== null) continue;
        const base: FutureRecord = {
          futureId: this.futureIdOf(tournament, season, 1),
          sportId: tournament.sportId,
          tournamentId: tournament.tournamentId,
          seasonId: season.seasonId,
          startTime: season.current ? nowSec - 30 * 86_400 : nowSec - 400 * 86_400,
          // A past season's future ends when it is settled, inside the seeded past.
          endTime: season.current ? nowSec + 120 * 86_400 : closeAtMs / 1000,
          // Open until the seeded past reaches its settlement.
          statusId: 1,
          reissuedFutureId: null,
          participantIds: [...participantIds],
          drift: participantIds.map(() => 0),
          winnerId: null,
          settledAt: null,
        };
        this.records.set(base.futureId, base);
        this.openLines(base, fromMs);
        this.dirty.add(base.futureId);
        if (!season.current) settle = base;
        else reissue ??= base;
      }
    }
    this.advance(closeAtMs, rate, record);
    if (settle !== null) {
      const probs = winProbabilities(settle.participantIds.map((id) => this.strengths.get(id) ?? 0), settle.drift);
      settle.winnerId = pickWeighted(this.rng, settle.participantIds, probs);
      this.close(settle, 2, closeAtMs, null, record);
    }
    if (reissue !== null) {
      // The market was re-listed (a rules change): the old future is cancelled, a new one replaces it.
      const replacement: FutureRecord = { ...reissue, futureId: this.futureIdOf(this.tournamentOf(reissue), this.seasonOf(reissue), 2), drift: [...reissue.drift], statusId: 1 };
      reissue.reissuedFutureId = replacement.futureId;
      this.close(reissue, 3, closeAtMs, null, record);
      this.records.set(replacement.futureId, replacement);
      this.dirty.add(replacement.futureId);
      this.openLines(replacement, closeAtMs);
    }
    this.advance(nowMs, rate, record);
    // The process starts now: every book requotes at once on the first tick, as after a restart
    // (`load` opens the lines due), so the stream carries every open future from the start.
    for (const [futureId, lines] of this.lines) {
      if (isOpen(this.records.get(futureId)?.statusId)) for (const line of lines) line.nextQuoteAtMs = Math.min(line.nextQuoteAtMs, nowMs);
    }
  }

  /** Runs `step` from one due requote to the next until `untilMs` (exclusive): the seeded past. */
  private advance(untilMs: number, rate: number, record: (changes: readonly FuturePriceChange[]) => void): void {
    for (;;) {
      let next = Number.POSITIVE_INFINITY;
      for (const [futureId, lines] of this.lines) {
        if (!isOpen(this.records.get(futureId)?.statusId)) continue;
        for (const line of lines) if (line.nextQuoteAtMs < next) next = line.nextQuoteAtMs;
      }
      // The clock is whole milliseconds; so is every recorded changedAt.
      const at = Math.ceil(next);
      if (at >= untilMs) return;
      this.step(at, rate, null, record, true);
    }
  }

  private tournamentOf(record: FutureRecord): TournamentRef {
    const tournament = this.ref.tournaments.find((t) => t.tournamentId === record.tournamentId);
    if (tournament === undefined) throw new Error(`future ${record.futureId}: unknown tournament ${String(record.tournamentId)}`);
    return tournament;
  }

  private seasonOf(record: FutureRecord): SeasonRef {
    const season = this.ref.seasons.find((s) => s.seasonId === record.seasonId);
    if (season === undefined) throw new Error(`future ${record.futureId}: unknown season ${String(record.seasonId)}`);
    return season;
  }

  load(rows: readonly LifecycleRecord[]): void {
    for (const { json } of rows) {
      // Records saved before settledAt existed lack it.
      const parsed = JSON.parse(json) as Omit<FutureRecord, 'settledAt'> & { settledAt?: number | null };
      const record: FutureRecord = { ...parsed, settledAt: parsed.settledAt ?? null };
      this.records.set(record.futureId, record);
      if (isOpen(record.statusId)) this.openLines(record, 0);
    }
  }

  save(write: (records: LifecycleRecord[]) => void): void {
    if (this.dirty.size === 0) return;
    const rows: LifecycleRecord[] = [];
    for (const id of this.dirty) {
      const record = this.records.get(id);
      if (record !== undefined) rows.push({ id, json: JSON.stringify(record), finishedAt: isOver(record.statusId) ? record.endTime * 1000 : null });
    }
    this.dirty.clear();
    write(rows);
  }

  private openLines(record: FutureRecord, nowMs: number): void {
    const lines: FutureBookLine[] = [];
    for (const book of this.books) {
      if (!book.sportIds.includes(record.sportId)) continue;
      const rng = createRng(`${record.futureId}/${book.bookmaker}`);
      lines.push({ book, entries: new Map(), nextQuoteAtMs: nowMs + rng.next() * 60_000, rng, quotedVersion: -1 });
    }
    this.lines.set(record.futureId, lines);
  }

  /**
   * Moves open futures: strengths drift, books requote at their pace. Live, the chances drift
   * whenever a book is due; `newsPaced` (the seeded past) drifts them on form and news only,
   * every 10–50 minutes, so days of past stay a few hundred thousand rows, not millions.
   */
  step(nowMs: number, quoteRate: number, feed: ChangeFeed | null, record: (changes: readonly FuturePriceChange[]) => void, newsPaced = false): void {
    const rate = Math.max(0.01, quoteRate);
    for (const future of this.records.values()) {
      if (isOver(future.statusId)) continue;
      const lines = this.lines.get(future.futureId) ?? [];
      let due = false;
      for (const line of lines) if (nowMs >= line.nextQuoteAtMs) due = true;
      if (!due) continue;
      // Form and news move one participant's chances a little; news-paced, a requote in between
      // finds the same chances and changes no price (and records nothing).
      const newsAt = newsPaced ? (this.nextNewsAtMs.get(future.futureId) ?? nowMs) : nowMs;
      if (nowMs >= newsAt) {
        const i = this.rng.int(0, future.drift.length - 1);
        future.drift[i] = (future.drift[i] ?? 0) * 0.98 + this.rng.normal(0, 0.05);
        this.driftMoved(future.futureId);
        this.nextNewsAtMs.set(future.futureId, nowMs + (NEWS_MIN_MS + this.rng.next() * NEWS_SPAN_MS) / rate);
      }
      for (const line of lines) {
        if (nowMs < line.nextQuoteAtMs) continue;
        // Quoting is deterministic: unchanged chances would give unchanged prices, at a cost.
        if (line.quotedVersion !== this.versionOf(future.futureId)) this.requote(future, line, nowMs, feed, record, false);
        line.nextQuoteAtMs = nowMs + ((60_000 + line.rng.next() * 240_000) / rate);
      }
    }
  }

  /**
   * Moves a future's prices now (the admin knob): one form/news drift of every participant and a
   * requote at every bookmaker, as a quiet spell's end would. False for an unknown or closed future.
   */
  moveNow(futureId: string, nowMs: number, feed: ChangeFeed | null, record: (changes: readonly FuturePriceChange[]) => void): boolean {
    const future = this.records.get(futureId);
    if (future === undefined || isOver(future.statusId)) return false;
    this.dirty.add(futureId);
    this.requoteAll(future, nowMs, feed, record, true);
    return true;
  }

  private requoteAll(future: FutureRecord, nowMs: number, feed: ChangeFeed | null, record: (changes: readonly FuturePriceChange[]) => void, drift: boolean): void {
    if (drift) {
      for (let i = 0; i < future.drift.length; i++) future.drift[i] = (future.drift[i] ?? 0) * 0.98 + this.rng.normal(0, 0.05);
      this.driftMoved(future.futureId);
    }
    for (const line of this.lines.get(future.futureId) ?? []) this.requote(future, line, nowMs, feed, record, false);
  }

  private driftMoved(futureId: string): void {
    this.driftVersions.set(futureId, this.versionOf(futureId) + 1);
    this.dirty.add(futureId);
  }

  private versionOf(futureId: string): number {
    return this.driftVersions.get(futureId) ?? 0;
  }

  private requote(future: FutureRecord, line: FutureBookLine, nowMs: number, feed: ChangeFeed | null, record: (changes: readonly FuturePriceChange[]) => void, closing: boolean): void {
    line.quotedVersion = this.versionOf(future.futureId);
    const probs = winProbabilities(future.participantIds.map((id) => this.strengths.get(id) ?? 0), future.drift);
    const prices = closing ? null : this.quoting.quote(probs, line.book, false, line.rng);
    const changes: FuturePriceChange[] = [];
    future.participantIds.forEach((participantId, k) => {
      const price = prices?.[k];
      let entry = line.entries.get(participantId);
      const active = !closing;
      if (entry === undefined) {
        if (price === undefined) return;
        entry = { bookmaker: line.book.bookmaker, participantId, price, active, changedAt: nowMs };
        line.entries.set(participantId, entry);
      } else if (entry.price === (price ?? entry.price) && entry.active === active) return;
      else {
        entry.price = price ?? entry.price;
        entry.active = active;
        entry.changedAt = nowMs;
      }
      const oddsId = buildFutureOddsId({ futureId: future.futureId, bookmaker: line.book.bookmaker, participantId });
      let byBook = this.odds.get(future.futureId);
      if (byBook === undefined) {
        byBook = {};
        this.odds.set(future.futureId, byBook);
      }
      const byId = byBook[line.book.bookmaker] ?? {};
      byBook[line.book.bookmaker] = byId;
      byId[oddsId] = entry;
      feed?.futureOddsEntry(future.futureId, oddsId, entry);
      changes.push({
        kind: 'future',
        oddsId,
        futureId: future.futureId,
        bookmaker: line.book.bookmaker,
        participantId,
        playerId: 0,
        marketId: null,
        price: entry.price,
        active,
        marketActive: active,
        limit: null,
        changedAt: nowMs,
      });
    });
    if (changes.length > 0) record(changes);
  }

  /** Settles (2) or cancels (3) a future at `nowMs`: every price goes inactive, the books close. */
  private close(future: FutureRecord, statusId: 2 | 3, nowMs: number, feed: ChangeFeed | null, record: (changes: readonly FuturePriceChange[]) => void): void {
    future.statusId = statusId;
    future.settledAt = nowMs;
    for (const line of this.lines.get(future.futureId) ?? []) this.requote(future, line, nowMs, feed, record, true);
    this.lines.delete(future.futureId);
    this.dirty.add(future.futureId);
  }

  /** The live listing (spec 2.7). */
  views(): Future[] {
    const out: Future[] = [];
    for (const record of this.records.values()) {
      const view = this.view(record.futureId);
      if (view !== null) out.push(view);
    }
    return out;
  }

  view(futureId: string): Future | null {
    const record = this.records.get(futureId);
    if (record === undefined) return null;
    const tournament = this.ref.tournaments.find((t) => t.tournamentId === record.tournamentId);
    const season = this.ref.seasons.find((s) => s.seasonId === record.seasonId);
    const sport = this.ref.sports.find((s) => s.sportId === record.sportId);
    // The books that quote (or quoted, once closed) it: a closed future's history is theirs.
    const bookmakers: Future['bookmakers'] = {};
    for (const book of this.books) {
      if (!book.sportIds.includes(record.sportId)) continue;
      bookmakers[book.bookmaker] = { bookmaker: book.bookmaker, bookmakerFutureId: `${book.bookmaker}-${futureId}`, participantsRotated: false };
    }
    return {
      futureId,
      reissuedFutureId: record.reissuedFutureId,
      status: { live: isLive(record.statusId), statusId: record.statusId, statusName: STATUS_NAMES[record.statusId] },
      sport: { sportId: record.sportId, sportName: sport?.sportName.en ?? '' },
      tournament: { tournamentId: record.tournamentId, tournamentName: tournament?.tournamentName ?? '', categoryName: tournament?.category.categoryName.en ?? '' },
      season: { seasonId: record.seasonId, seasonName: season?.seasonName ?? '' },
      startTime: record.startTime,
      endTime: record.endTime,
      market: { marketId: null, marketName: null, marketType: null },
      participants: record.participantIds.map((participantId) => ({ participantId, participantName: this.names.get(participantId) ?? '' })),
      externalProviders: { betradarId: Number(futureId.replace(/\D/g, '').slice(-8)) },
      bookmakers,
      // Extensions (docs/api.md): the winner of a finished future, and when it closed.
      winnerParticipantId: record.winnerId,
      settledAt: record.settledAt,
    };
  }

  /** Current odds of a future: bookmaker → future oddsId → entry. */
  futureOdds(futureId: string): Readonly<Record<string, Readonly<Record<string, FutureOddsEntry>>>> {
    return this.odds.get(futureId) ?? {};
  }

  record(futureId: string): Readonly<FutureRecord> | undefined {
    return this.records.get(futureId);
  }
}

function pickWeighted(rng: Rng, ids: readonly number[], probs: readonly number[]): number {
  let u = rng.next();
  for (let i = 0; i < ids.length; i++) {
    const p = probs[i] ?? 0;
    if (u < p) return ids[i] ?? 0;
    u -= p;
  }
  return ids[ids.length - 1] ?? 0;
}
