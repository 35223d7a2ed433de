// The simulated world as both sides of the simulator see it: the fixtures and their team news,
// which fixtures retention dropped, per-bookmaker change versions and the counters. The engine
// (sim-engine.ts) writes it while it produces changes; the reads (sim-reads.ts) only read it.
import type { InjuriesPayload, LineupsPayload } from '../../src/wire/shared-schemas.ts';
import type { BookmakerProfile, PlayerRef, ReferenceData } from '../catalogue/types.ts';
import type { FixtureRuntime } from './fixture-runtime.ts';
import type { SimClock } from './sim-types.ts';

/** Per fixture, per bookmaker: the version of its odds entries and of its BookmakerFixtureMeta. */
interface FixtureVersions {
  readonly odds: Map<string, number>;
  readonly meta: Map<string, number>;
}

export class SimWorld {
  /** Every known fixture by id, finished ones included. */
  readonly fixtures = new Map<string, FixtureRuntime>();
  /** Fixtures dropped by retention in this process (so /sgp can tell purged from fabricated ids). */
  readonly purged = new Set<string>();
  readonly injuries = new Map<string, InjuriesPayload>();
  readonly lineups = new Map<string, LineupsPayload>();
  readonly counters = { priceChanges: 0, goals: 0, settlements: 0, ticks: 0 };
  /** Frozen: no price, clock, score, meta or stale transition changes until resumed. */
  frozen: boolean;
  readonly books: readonly BookmakerProfile[];
  /**
   * Versions from one ever-growing sequence (REST keeps serialized answers until they move).
   */
  private readonly versions = new Map<string, FixtureVersions>();
  private versionSeq = 0;
  private readonly playersByParticipant = new Map<number, PlayerRef[]>();

  constructor(
    readonly reference: ReferenceData,
    readonly clock: SimClock,
    frozen: boolean,
  ) {
    this.books = reference.bookmakers;
    this.frozen = frozen;
    for (const player of reference.players) {
      const list = this.playersByParticipant.get(player.participantId) ?? [];
      list.push(player);
      this.playersByParticipant.set(player.participantId, list);
    }
  }

  /** The players of a participant (team news and player props are drawn from them). */
  playersOf(participantId: number): readonly PlayerRef[] {
    return this.playersByParticipant.get(participantId) ?? [];
  }

  /**
   * A number that changes whenever `bookmaker`'s odds entries on the fixture change in any way
   * (added, repriced, (de)activated, main line moved, released); 0 before its first change.
   */
  oddsVersion(fixtureId: string, bookmaker: string): number {
    return this.versions.get(fixtureId)?.odds.get(bookmaker) ?? 0;
  }

  /** A number that changes whenever `bookmaker`'s BookmakerFixtureMeta on the fixture changes; 0 before its first change. */
  metaVersion(fixtureId: string, bookmaker: string): number {
    return this.versions.get(fixtureId)?.meta.get(bookmaker) ?? 0;
  }

  /** `bookmaker`'s odds or meta on the fixture changed. */
  bump(fixtureId: string, what: 'odds' | 'meta', bookmaker: string): void {
    this.versionsOf(fixtureId)[what].set(bookmaker, ++this.versionSeq);
  }

  /** Every bookmaker's odds and meta of a fixture changed at once (its books are released). */
  bumpAll(fixtureId: string): void {
    const versions = this.versionsOf(fixtureId);
    for (const slug of versions.odds.keys()) versions.odds.set(slug, ++this.versionSeq);
    for (const slug of versions.meta.keys()) versions.meta.set(slug, ++this.versionSeq);
  }

  /** The fixture leaves memory (retention or the past window); the store keeps its record. */
  forget(fixtureId: string): void {
    this.purged.add(fixtureId);
    this.fixtures.delete(fixtureId);
    this.versions.delete(fixtureId);
    this.injuries.delete(fixtureId);
    this.lineups.delete(fixtureId);
  }

  private versionsOf(fixtureId: string): FixtureVersions {
    let versions = this.versions.get(fixtureId);
    if (versions === undefined) {
      versions = { odds: new Map(), meta: new Map() };
      this.versions.set(fixtureId, versions);
    }
    return versions;
  }
}
