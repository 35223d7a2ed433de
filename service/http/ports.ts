// What the REST layer reads, as narrow interfaces: the simulator implements the live side, the
// history store the recorded side. Routes never reach into either directly.
import type { BookmakerFixtureMeta, FixtureView, FutureOddsEntry, OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { Future } from '../../src/wire/rest-schemas.ts';

/** Live fixtures: views (language-neutral, English), current odds and bookmaker meta. */
export interface FixtureSource {
  fixtureIds(): Iterable<string>;
  view(fixtureId: string): FixtureView | null;
  /** bookmaker → oddsId → entry; live objects: read them, do not keep them. */
  odds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>>;
  bookmakers(fixtureId: string): Readonly<Record<string, BookmakerFixtureMeta>>;
  /** When given, odds answers are assembled from cached JSON fragments kept per these versions. */
  readonly versions?: FixtureVersions;
}

/** Versions of a fixture's live state: a number that moves on every change of what it covers. */
export interface FixtureVersions {
  /** Moves whenever `bookmaker`'s odds entries on the fixture change in any way. */
  oddsVersion(fixtureId: string, bookmaker: string): number;
  /** Moves whenever `bookmaker`'s BookmakerFixtureMeta on the fixture changes. */
  metaVersion(fixtureId: string, bookmaker: string): number;
}

/** Futures (outrights): live-listing records (spec 2.7, language-neutral) and current odds. */
export interface FutureSource {
  views(): Future[];
  view(futureId: string): Future | null;
  futureOdds(futureId: string): Readonly<Record<string, Readonly<Record<string, FutureOddsEntry>>>>;
}
