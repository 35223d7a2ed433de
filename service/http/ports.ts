// What the REST layer reads, as narrow interfaces: the simulator implements the live side, the
// history store the recorded side. Routes never reach into either directly.
import type { BookmakerFixtureMeta, FixtureView, Future, FutureOddsEntry, OddsEntry } from '../../src/wire/schemas.ts';

/** Live fixtures: views (language-neutral, English), current odds and bookmaker meta. */
export interface FixtureSource {
  fixtureIds(): Iterable<string>;
  view(fixtureId: string): FixtureView | null;
  /** bookmaker → oddsId → entry; live objects: read them, do not keep them. */
  odds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>>;
  bookmakers(fixtureId: string): Readonly<Record<string, BookmakerFixtureMeta>>;
}

/** Futures (outrights): live-listing records (spec 2.7, language-neutral) and current odds. */
export interface FutureSource {
  views(): Future[];
  view(futureId: string): Future | null;
  futureOdds(futureId: string): Readonly<Record<string, Readonly<Record<string, FutureOddsEntry>>>>;
}
